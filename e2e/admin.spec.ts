import type { Browser, Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { operationLabel } from '../lib/admin/audit-operations.ts';
import { AREAS, can, type Role } from '../lib/roles.ts';
import { expect, expectAccessible, sidewaysOverflow, signIn, snap, test } from './fixtures.ts';

// Runs share a data directory, so every account and request is made unique per run.
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = 'correct-horse-battery-9';
const today = () => new Date().toISOString().slice(0, 10);
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A second browser, signed in through the form with any account. */
async function browserAs(browser: Browser, baseURL: string, email: string, password = PASSWORD) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInWith(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Areas' })).toBeVisible();
  return page;
}

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The nav links a page shows, to compare with what the roles should open. */
async function expectAreas(page: Page, roles: Role[]) {
  const nav = page.getByRole('navigation', { name: 'Areas' });
  for (const area of AREAS) {
    // Home's name carries its count ("Home, 2 need you").
    const link = nav.getByRole('link', { name: new RegExp(`^${area.label}(,|$)`) });
    if (can(roles, area.permission)) await expect(link).toBeVisible();
    else await expect(link).toHaveCount(0);
  }
}

/**
 * Where an identifier, address, code or label in the table's cells wraps anywhere but after a
 * separator (@ . _ - : / , =) or at a space: "STALE_WORKFL|OW_RELEASE" would be one. A break is
 * where, within one text node, the next character's box sits on a lower line than the one before.
 */
function breaksInsideWords(table: Locator): Promise<string[]> {
  return table.locator('td code, td button, td span').evaluateAll((elements) =>
    elements.flatMap((el) => {
      const boxes: { ch: string; top: number | null }[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // Between text nodes a new line is a block's or a <wbr>'s: only breaks within one count.
        boxes.push({ ch: '', top: null });
        for (let i = 0; i < text.length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          // A space that ends a line, and text in closed <details>, have no box to compare.
          boxes.push({ ch: text[i]!, top: rect && rect.width > 0 ? rect.top : null });
        }
      }
      return boxes.flatMap((cur, i) => {
        const prev = boxes[i - 1];
        if (!prev || prev.top === null || cur.top === null || cur.top <= prev.top + 2) return [];
        return /[\s@._\-:/,=]/.test(prev.ch) ? [] : [`${el.textContent}: ${prev.ch}|${cur.ch}`];
      });
    }),
  );
}

/** At 1360 px and at 390 px: nothing in the table wraps mid-word, and the page itself does not scroll sideways. */
async function expectSensibleWraps(page: Page, table: Locator) {
  for (const width of [1360, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => breaksInsideWords(table), { message: `mid-word breaks at ${width} px` }).toEqual([]);
    await expect.poll(() => sidewaysOverflow(page), { message: `page wider than ${width} px` }).toBeNull();
  }
  await page.setViewportSize({ width: 1360, height: 900 });
}

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else if (quoted || c !== '\r') {
      cell += c;
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

test.describe('admin area', () => {
  for (const role of ['viewer', 'operator', 'sender'] as const) {
    test(`${role} gets the forbidden page at /admin and 403 from its routes`, async ({ page }) => {
      await signIn(page, role);
      for (const path of ['/admin', '/admin/users', '/admin/audit', '/admin/sandbox']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: 'Admin is not available to your role' })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
      }
      for (const path of ['/api/admin/users', '/api/admin/audit', '/api/admin/audit/export', '/api/sandbox']) {
        const res = await page.request.get(path);
        expect(res.status(), path).toBe(403);
      }
      if (role === 'viewer') {
        await expectAccessible(page);
        await snap(page, 'admin-forbidden');
      }
    });
  }

  test('users: add (field errors, duplicate e-mail), set roles, sign in as them, refuse self-lockout, disable and enable', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `grace.${stamp()}@example.test`;
    await signIn(page, 'admin', { at: '/admin' });
    await expect(page).toHaveURL(/\/admin\/users$/);
    const tabs = page.getByRole('navigation', { name: 'Admin' });
    await expect(tabs.getByRole('link')).toHaveText(['Users', 'Teams', 'Audit log', 'Background work', 'Sandbox']);
    await expect(tabs.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('row', { name: /admin@signdesk\.local/ }).getByText('you')).toBeVisible();
    await expectAccessible(page);

    // 1. Field errors from the form's own checks; nothing is sent.
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('E-mail').fill('viewer@signdesk.local');
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel(/^Password/).fill('too-short');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'At least 12 characters' })).toBeVisible();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Choose at least one role' })).toBeVisible();
    await expect(dialog.getByLabel(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    // 2. The API's 409 EMAIL_TAKEN lands on the e-mail field; everything typed stays.
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByRole('checkbox', { name: /^Viewer/ }).check();
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog.getByText('An account for viewer@signdesk.local already exists.')).toBeVisible();
    await expect(dialog.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Name')).toHaveValue('Grace Hopper');
    await expect(dialog.getByLabel(/^Password/)).toHaveValue(PASSWORD);
    await expect(dialog.getByRole('checkbox', { name: /^Viewer/ })).toBeChecked();
    await snap(page, 'admin-users-duplicate');

    // 3. Added.
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Added Grace Hopper (${email}) as viewer.`)).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await expect(row.getByRole('cell').nth(2)).toHaveText('viewer');
    await expect(row.getByText('active')).toBeVisible();

    // 4. Roles: viewer -> operator + sender.
    await row.getByRole('button', { name: `Change roles of ${email}` }).click();
    const rolesDialog = page.getByRole('dialog', { name: 'Roles of Grace Hopper' });
    await expect(rolesDialog.getByRole('checkbox', { name: /^Viewer/ })).toBeChecked();
    await rolesDialog.getByRole('checkbox', { name: /^Viewer/ }).uncheck();
    await rolesDialog.getByRole('button', { name: 'Save roles' }).click();
    await expect(rolesDialog.getByText('Choose at least one role')).toBeVisible();
    await rolesDialog.getByRole('checkbox', { name: /^Operator/ }).check();
    await rolesDialog.getByRole('checkbox', { name: /^Sender/ }).check();
    await rolesDialog.getByRole('button', { name: 'Save roles' }).click();
    await expect(rolesDialog).toBeHidden();
    await expect(page.getByText('Grace Hopper now has the roles operator, sender.')).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toContainText('operator');
    await expect(row.getByRole('cell').nth(2)).toContainText('sender');
    await expect(row.getByRole('cell').nth(2)).not.toContainText('viewer');
    await snap(page, 'admin-users');

    // 5. The new account signs in and sees the areas of its roles, and no Admin.
    const grace = await browserAs(browser, baseURL!, email);
    await expectAreas(grace, ['operator', 'sender']);
    await grace.goto('/admin/users');
    await expect(grace.getByRole('heading', { name: 'Admin is not available to your role' })).toBeVisible();

    // 6. Self-lockout: no Disable on one's own row, and the API refuses it anyway.
    const me = page.getByRole('row', { name: /admin@signdesk\.local/ });
    await expect(me.getByRole('button', { name: 'Change roles of admin@signdesk.local' })).toBeVisible();
    await expect(me.getByRole('button', { name: /^Disable/ })).toHaveCount(0);
    const myId = ((await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } }).user.id;
    const selfDisable = await page.request.patch(`/api/admin/users/${myId}`, {
      data: { disabled: true },
      headers: { origin: baseURL! },
    });
    expect(selfDisable.status()).toBe(409);
    expect(((await selfDisable.json()) as { error: { message: string } }).error.message).toBe(
      'You cannot disable your own account or remove your own admin role.',
    );
    await page.reload();
    await expect(me.getByText('active')).toBeVisible();

    // 7. Disabled behind a confirmation naming the account: sessions end, sign-in is refused.
    await row.getByRole('button', { name: `Disable ${email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disable this account?' });
    await expect(confirm).toContainText(`Grace Hopper (${email})`);
    await snap(page, 'admin-users-disable-confirm');
    await confirm.getByRole('button', { name: 'Disable account' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`Disabled Grace Hopper (${email}). Their sessions have ended.`)).toBeVisible();
    await expect(row.getByText('disabled')).toBeVisible();
    await grace.goto('/catalog');
    await expect(grace).toHaveURL(/\/sign-in/);
    await signInWith(grace, email, PASSWORD);
    await expect(grace.getByRole('alert').filter({ hasText: 'disabled' })).toHaveText(
      'This account is disabled. Ask a Signdesk admin (Admin → Users) to enable it again.',
    );

    // 8. Enabled again: the same password works.
    await row.getByRole('button', { name: `Enable ${email}` }).click();
    await page.getByRole('alertdialog', { name: 'Enable this account?' }).getByRole('button', { name: 'Enable account' }).click();
    await expect(row.getByText('active')).toBeVisible();
    await signInWith(grace, email, PASSWORD);
    await expectAreas(grace, ['operator', 'sender']);
    await grace.context().close();
  });

  test('users: reset a password from a dialog (generated, copied), which ends the sessions; not offered for oneself', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `reset.${stamp()}@example.test`;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'admin');
    const created = await page.request.post('/api/admin/users', {
      data: { email, name: 'Reset Subject', password: PASSWORD, roles: ['viewer'] },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(200);
    const subject = await browserAs(browser, baseURL!, email);

    await page.goto('/admin/users');
    const me = page.getByRole('row', { name: /admin@signdesk\.local/ });
    await expect(me.getByRole('button', { name: 'Change roles of admin@signdesk.local' })).toBeVisible();
    await expect(me.getByRole('button', { name: /^Reset password/ })).toHaveCount(0);
    const myId = ((await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } }).user.id;
    const selfReset = await page.request.post(`/api/admin/users/${myId}/password`, {
      data: { password: 'another-long-password-1' },
      headers: { origin: baseURL! },
    });
    expect(selfReset.status()).toBe(409);

    // Field errors first; then a generated password, copied with the button.
    const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await row.getByRole('button', { name: `Reset password of ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset the password of Reset Subject' });
    await expect(dialog).toContainText(email);
    await dialog.getByLabel(/^New password/).fill('short');
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'At least 12 characters' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const generated = await dialog.getByLabel(/^New password/).inputValue();
    expect(generated).toHaveLength(16);
    await dialog.getByRole('button', { name: 'Copy password' }).click();
    await expect(dialog.getByRole('button', { name: 'Copy password' })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(generated);
    await expectAccessible(page);
    await snap(page, 'admin-users-reset-password');
    await dialog.getByRole('button', { name: 'Set password' }).click();
    // Set: the password is shown once more, with its copy button, until the dialog is done.
    await expect(dialog).toContainText('This is the last time it is shown');
    await expect(dialog.getByText(generated, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: `Copy new password ${generated}` })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'admin-users-password-set');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`New password set for Reset Subject (${email}). Their sessions have ended.`)).toBeVisible();

    // The account's sessions are over; the old password no longer works, the new one does.
    await subject.goto('/catalog');
    await expect(subject).toHaveURL(/\/sign-in/);
    await signInWith(subject, email, PASSWORD);
    await expect(subject.getByRole('alert').filter({ hasText: 'incorrect' })).toHaveText('The e-mail or password is incorrect.');
    await signInWith(subject, email, generated);
    await expect(subject.getByRole('navigation', { name: 'Areas' })).toBeVisible();
    await subject.context().close();

    // "Add user" copies its generated password the same way.
    await page.getByRole('button', { name: 'Add user' }).click();
    const add = page.getByRole('dialog', { name: 'Add user' });
    await add.getByRole('button', { name: 'Generate' }).click();
    const fresh = await add.getByLabel(/^Password/).inputValue();
    await add.getByRole('button', { name: 'Copy password' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fresh);
  });

  test('audit log: filters by user, operation and day, the URL reproduces the view, and the CSV matches it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `audit.${stamp()}@example.test`;
    await signIn(page, 'admin');
    const created = await page.request.post('/api/admin/users', {
      data: { email, name: 'Audit Subject', password: PASSWORD, roles: ['operator'] },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(200);
    const subjectId = ((await created.json()) as { id: string }).id;
    const rolesChanged = await page.request.patch(`/api/admin/users/${subjectId}`, {
      data: { roles: ['operator', 'viewer'] },
      headers: { origin: baseURL! },
    });
    expect(rolesChanged.status()).toBe(200);

    // The subject signs in and submits twice: once fine, once on a stale release.
    const subject = await browserAs(browser, baseURL!, email);
    const okKey = `e2e-audit-ok-${stamp()}`;
    const staleKey = `e2e-audit-stale-${stamp()}`;
    const body = (release: string) => ({
      workflow_id: 'wf_access',
      workflow_release_id: release,
      external_id: `audit-${stamp()}`,
      form_data: {
        system: 'crm',
        access_level: 'read',
        justification: 'Needs CRM read access for the audit',
        ...(release.endsWith('@2') ? { access_until: '2027-01-31' } : {}),
      },
      submit: true,
    });
    const ok = await subject.request.post('/api/approval-requests', {
      data: body('wf_access@2'),
      headers: { origin: baseURL!, 'idempotency-key': okKey },
    });
    expect(ok.status()).toBe(200);
    const stale = await subject.request.post('/api/approval-requests', {
      data: body('wf_access@1'),
      headers: { origin: baseURL!, 'idempotency-key': staleKey },
    });
    expect(stale.status()).toBe(409);
    await subject.context().close();

    await page.goto('/admin/audit');
    await expect(page.getByRole('table', { name: 'Audit log entries, newest first' })).toBeVisible();
    await expect(page.getByText(/entries in the log, newest first/)).toBeVisible();
    // The log's times are the console's own, not the Signing API's (which the sandbox moves).
    await expect(page.getByRole('columnheader', { name: "Time and origin (this console's clock, UTC)" })).toBeVisible();
    await expect(
      page.getByText("Times are UTC, on this console's clock (real time), not on the Signing API's clock"),
    ).toBeVisible();
    await expectAccessible(page);

    // By user: exactly the subject's three entries.
    await page.getByLabel('User e-mail').fill(email);
    await page.getByLabel('User e-mail').press('Enter');
    await expect(page).toHaveURL(new RegExp(`user=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
    await expect(page.getByText('3 entries match these filters, newest first')).toBeVisible();
    const rows = page.getByRole('table', { name: 'Audit log entries, newest first' }).getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(3)).toContainText('auth.sign_in');
    await expect(rows.nth(3).getByRole('button', { name: 'Signed in', exact: true })).toBeVisible();

    // By operation: the two submissions, one refused with its code and both with their keys.
    await page.getByLabel('Operation').selectOption('approval_request.submit');
    await expect(page).toHaveURL(/operation=approval_request\.submit/);
    await expect(page.getByText('2 entries match these filters, newest first')).toBeVisible();
    await expect(page.getByLabel('Operation').locator('option:checked')).toHaveText(
      'Submitted an approval request (approval_request.submit)',
    );
    const failure = rows.filter({ hasText: staleKey });
    await expect(failure.getByText('failure')).toBeVisible();
    await expect(failure).toContainText('status 409');
    await expect(failure).toContainText('STALE_WORKFLOW_RELEASE');
    await expect(failure).toContainText('operator');
    await expect(failure).toContainText(/request req_\S+/);
    const success = rows.filter({ hasText: okKey });
    await expect(success.getByText('success')).toBeVisible();
    await expect(success).toContainText('status 200');
    await expect(success).toContainText(/request req_\S+/);
    await expect(success).toContainText(/approval request\s*ar_/);
    // In words, the identifier under them; the request's id opens the request.
    await expect(success.getByRole('button', { name: 'Submitted an approval request', exact: true })).toBeVisible();
    await expect(success.getByText('approval_request.submit', { exact: true })).toBeVisible();
    await expect(success.getByRole('link', { name: /^ar_/ })).toHaveAttribute('href', /^\/approvals\/ar_/);
    // Keys, request ids, codes and the address wrap only after their separators.
    await expectSensibleWraps(page, page.getByRole('table', { name: 'Audit log entries, newest first' }));

    // By day: tomorrow onwards matches nothing; today matches both again.
    await page.getByLabel('From (UTC day)').fill(dayAfter(today()));
    await expect(page.getByText('Nothing matches these filters')).toBeVisible();
    await page.getByLabel('From (UTC day)').fill(today());
    await page.getByLabel('To (UTC day, inclusive)').fill(today());
    await expect(page.getByText('2 entries match these filters, newest first')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`from=${today()}.*to=${today()}|to=${today()}.*from=${today()}`));
    await snap(page, 'admin-audit-filtered');

    // The URL alone reproduces the view.
    const copied = await page.context().newPage();
    await copied.goto(page.url());
    await expect(copied.getByLabel('User e-mail')).toHaveValue(email);
    await expect(copied.getByLabel('Operation')).toHaveValue('approval_request.submit');
    await expect(copied.getByLabel('From (UTC day)')).toHaveValue(today());
    await expect(copied.getByLabel('To (UTC day, inclusive)')).toHaveValue(today());
    await expect(copied.getByText('2 entries match these filters, newest first')).toBeVisible();
    await copied.close();

    // CSV of the same filters: the header, then exactly the two rows shown.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV (filtered)' }).click(),
    ]);
    // Named for the day and the filters, in letters, digits, - and _.
    const emailPart = email.replace(/[^A-Za-z0-9_-]+/g, '-');
    expect(download.suggestedFilename()).toBe(
      `signdesk-audit-${today()}_operation-approval_request-submit_user-${emailPart}_from-${today()}_to-${today()}.csv`,
    );
    const [header, ...data] = parseCsv(readFileSync((await download.path())!, 'utf8'));
    expect(header).toEqual([
      'id',
      'at',
      'user_email',
      'roles',
      'operation',
      'target_type',
      'target_id',
      'outcome',
      'status',
      'error_code',
      'upstream_request_id',
      'idempotency_key',
      'reason',
      'client_address',
      'instance',
      'team_id',
    ]);
    expect(data).toHaveLength(2);
    const col = (name: string) => header!.indexOf(name);
    for (const r of data) {
      expect(r[col('user_email')]).toBe(email);
      expect(r[col('operation')]).toBe('approval_request.submit');
      expect(r[col('at')]!.slice(0, 10)).toBe(today());
    }
    expect(data.map((r) => [r[col('idempotency_key')], r[col('outcome')], r[col('status')], r[col('error_code')]])).toEqual([
      [staleKey, 'failure', '409', 'STALE_WORKFLOW_RELEASE'],
      [okKey, 'success', '200', ''],
    ]);

    // A click on an operation narrows to it; "Clear filters" empties the URL.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByLabel('User e-mail')).toHaveValue('');
    // Other journeys write audit rows meanwhile, so the row may change between reading and
    // clicking: the operation is taken from the URL the click produced.
    await rows.nth(1).getByTitle('Show only this operation').click();
    await expect(page).toHaveURL(/operation=[a-z_]+\.[a-z_]+/);
    const name = new URL(page.url()).searchParams.get('operation')!;
    await expect(page.getByLabel('Operation')).toHaveValue(name);
    // Every operation the console records has its words (lib/admin/audit-operations.ts).
    expect(operationLabel(name), name).toBeDefined();
    await expect(rows.nth(1).getByRole('button', { name: operationLabel(name), exact: true })).toBeVisible();
    await expect(rows.nth(1).getByText(name, { exact: true })).toBeVisible();
    await page.getByLabel('Per page').selectOption('50');
    await expect(page).toHaveURL(/size=50/);

    // A user target names the account beside its id: the change of the subject's roles.
    await page.goto('/admin/audit?operation=user.roles_change');
    const changed = rows.filter({ hasText: subjectId });
    await expect(changed).toHaveCount(1);
    await expect(changed.getByRole('button', { name: "Changed a user's roles", exact: true })).toBeVisible();
    await expect(changed.getByText('user.roles_change', { exact: true })).toBeVisible();
    await expect(changed.getByRole('cell').nth(3)).toContainText(`user${subjectId}Audit Subject${email}`);
    await expectSensibleWraps(page, page.getByRole('table', { name: 'Audit log entries, newest first' }));
    await snap(page, 'admin-audit-user-target');
  });

  test('audit log: part of an address finds a user, failed sign-ins under the address tried, and an outcome filter in the URL', async ({
    page,
    browser,
    baseURL,
  }) => {
    const tag = stamp();
    const email = `outcome.${tag}@example.test`;
    await signIn(page, 'admin');
    const created = await page.request.post('/api/admin/users', {
      data: { email, name: 'Outcome Subject', password: PASSWORD, roles: ['viewer'] },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(200);

    // One failed sign-in (wrong password), then a successful one.
    const subject = await (await browser.newContext({ baseURL })).newPage();
    await signInWith(subject, email, 'not-the-password-at-all');
    await expect(subject.getByRole('alert').filter({ hasText: 'incorrect' })).toBeVisible();
    await signInWith(subject, email, PASSWORD);
    await expect(subject.getByRole('navigation', { name: 'Areas' })).toBeVisible();
    await subject.context().close();

    // Part of the address, in capitals, finds both attempts.
    await page.goto('/admin/audit');
    await page.getByLabel('User e-mail').fill(`OUTCOME.${tag.toUpperCase()}`);
    await expect(page).toHaveURL(new RegExp(`user=OUTCOME\\.${tag.toUpperCase()}`));
    await expect(page.getByText('2 entries match these filters, newest first')).toBeVisible();
    const rows = page.getByRole('table', { name: 'Audit log entries, newest first' }).getByRole('row');

    // Failures only: the attempt is recorded under the address tried, nobody signed in.
    await page.getByLabel('Outcome').selectOption('failure');
    await expect(page).toHaveURL(/outcome=failure/);
    await expect(page.getByText('1 entry matches these filters, newest first')).toBeVisible();
    await expect(rows.nth(1)).toContainText('auth.sign_in');
    await expect(rows.nth(1)).toContainText(email);
    await expect(rows.nth(1)).toContainText('not signed in (address tried)');
    await expect(rows.nth(1)).toContainText('INVALID_CREDENTIALS');
    await expect(rows.nth(1)).not.toContainText('not-the-password-at-all');
    await expectAccessible(page);
    await snap(page, 'admin-audit-outcome');

    // The URL reproduces the view; success shows the other attempt.
    const copied = await page.context().newPage();
    await copied.goto(page.url());
    await expect(copied.getByLabel('Outcome')).toHaveValue('failure');
    await copied.close();
    await page.getByLabel('Outcome').selectOption('success');
    await expect(page).toHaveURL(/outcome=success/);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1).getByText('success')).toBeVisible();
    await expect(rows.nth(1)).toContainText('viewer');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByLabel('Outcome')).toHaveValue('');
  });

  test('users: an account throttled at sign-in is listed, and an admin lifts the throttle (audited)', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = `throttled.${stamp()}@example.test`;
    await signIn(page, 'admin');
    const created = await page.request.post('/api/admin/users', {
      data: { email, name: 'Throttled Subject', password: PASSWORD, roles: ['viewer'] },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(200);
    // Six wrong passwords from another client (no session, never signed in as the account): past the free five.
    for (let i = 0; i < 6; i++) {
      const refused = await request.post('/api/auth/sign-in', {
        data: { email, password: `wrong-${i}` },
        headers: { origin: baseURL! },
      });
      expect(refused.status()).toBe(401);
    }

    await page.goto('/admin/users');
    const card = page.getByRole('region', { name: 'Sign-in throttles' });
    const row = card.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('6');
    await expectAccessible(page);
    await snap(page, 'admin-users-throttled');

    await row.getByRole('button', { name: `Lift the throttle of ${email}` }).click();
    await expect(page.getByText(`Lifted the sign-in throttle of ${email}.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    // The lift is in the audit log under the account, and the account signs in at once.
    const audit = await page.request.get(`/api/admin/audit?operation=auth.throttle_lift&size=100`);
    const entries = ((await audit.json()) as { data: { target_id: string; user_email: string; outcome: string }[] }).data;
    expect(entries.filter((e) => e.target_id === email)).toEqual([
      expect.objectContaining({ user_email: 'admin@signdesk.local', outcome: 'success' }),
    ]);
    const signedIn = await request.post('/api/auth/sign-in', {
      data: { email, password: PASSWORD },
      headers: { origin: baseURL! },
    });
    expect(signedIn.status()).toBe(200);
  });

  test('users: a dialog opened before the teams are read stays open when they arrive', async ({ page }) => {
    await signIn(page, 'admin');
    // The Teams column is read apart from the accounts: held back here until the dialog is open.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/teams', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/users');
    const row = page.getByRole('row', { name: /viewer@signdesk\.local/ });
    await expect(row.getByText('…')).toBeVisible();
    await row.getByRole('button', { name: 'Disable viewer@signdesk.local' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disable this account?' });
    await expect(confirm).toBeVisible();
    release();
    // the teams are in (the row says which, or none), and the dialog is still where the admin left it
    await expect(row.getByText('…')).toHaveCount(0);
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByText('active')).toBeVisible();
  });

  test('audit log: a failed load offers a retry', async ({ page }) => {
    await signIn(page, 'admin');
    let fail = true;
    await page.route('**/api/admin/audit?*', (route) =>
      // Retry-After keeps the page's own retry 30 s away, so "Retry now" is what loads it.
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            headers: { 'retry-after': '30' },
            body: JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'The audit log is unavailable (test).' } }),
          })
        : route.continue(),
    );
    await page.goto('/admin/audit');
    // The console's own failure is not blamed on the Signing API.
    await expect(page.getByTestId('query-struggle')).toContainText(
      /^This could not be loaded \(The audit log is unavailable \(test\)\); retrying in \d+ s/,
    );
    fail = false;
    await page.getByRole('button', { name: 'Retry now' }).click();
    await expect(page.getByRole('table', { name: 'Audit log entries, newest first' })).toBeVisible();
  });
});
