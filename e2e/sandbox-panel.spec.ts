import type { Browser, Page } from '@playwright/test';
import type { Role } from '../lib/roles.ts';
import { control, expect, expectAccessible, faultRules, signIn, snap, test } from './fixtures.ts';

// The sandbox panel drives the control plane through the console's own routes; the
// journeys create their requests and packages through the console API, as the roles would.
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function rolePage(browser: Browser, baseURL: string, role: Role) {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signIn(page, role);
  return page;
}

interface Created {
  id: string;
  external_id: string;
  status: string;
}

async function submitRequest(operator: Page, baseURL: string, release: string, formData: Record<string, unknown>): Promise<Created> {
  const res = await operator.request.post('/api/approval-requests', {
    data: { workflow_id: release.split('@')[0], workflow_release_id: release, external_id: `e2e-${stamp()}`, form_data: formData, submit: true },
    headers: { origin: baseURL, 'idempotency-key': `e2e-${crypto.randomUUID()}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const created = (await res.json()) as Created;
  expect(created.status).toBe('IN_PROGRESS');
  return created;
}

const ACCESS = { system: 'crm', access_level: 'read', justification: 'Needs CRM read access for the audit', access_until: '2027-01-31' };
const LEAVE = { first_day: '2027-03-01', last_day: '2027-03-05', leave_type: 'annual', days_requested: 5, handover_contact: 'grace@example.com' };

async function sendPackage(sender: Page, baseURL: string): Promise<{ id: string; status: string }> {
  const preview = await sender.request.post('/api/packages/preview', {
    data: {
      template_id: 'dst_offer',
      expires_in_days: 14,
      sender_values: { candidate_name: 'Ada', position: 'Engineer', start_date: '2027-01-04', annual_salary: 90000 },
      signers: [{ slot_id: 'candidate', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+4915112345678' }],
    },
    headers: { origin: baseURL },
  });
  expect(preview.status(), await preview.text()).toBe(200);
  const { preview_token } = (await preview.json()) as { preview_token: string };
  const sent = await sender.request.post('/api/packages', {
    data: { template_id: 'dst_offer', preview_token, confirmed: true },
    headers: { origin: baseURL, 'idempotency-key': `e2e-${crypto.randomUUID()}` },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const pkg = (await sent.json()) as { id: string; status: string };
  expect(pkg.status).toBe('queued');
  return pkg;
}

const errorToast = (page: Page) => page.locator('[data-sonner-toast][data-type="error"]').first();

async function pickRequest(page: Page, request: Created) {
  const reviewer = page.getByRole('region', { name: 'Act as a reviewer' });
  await reviewer.getByLabel('Find by id').fill(request.external_id);
  await expect(reviewer.getByText('1 request awaiting a reviewer matches.')).toBeVisible();
  await reviewer.getByLabel('Request awaiting a reviewer').selectOption(request.id);
  await expect(reviewer.getByText(request.id, { exact: true })).toBeVisible();
  return reviewer;
}

async function findPackage(page: Page, id: string) {
  const recipients = page.getByRole('region', { name: 'Act as the recipients' });
  await recipients.getByLabel('Find a package').fill(id);
  const row = recipients.getByRole('row', { name: new RegExp(id) });
  await expect(recipients.getByText('Showing 1–1 of 1')).toBeVisible();
  return { recipients, row };
}

test.describe('sandbox panel', () => {
  test('reviewer: request a revision with a requirement, which the requester then reads', async ({ page, browser, baseURL }) => {
    const operator = await rolePage(browser, baseURL!, 'operator');
    const request = await submitRequest(operator, baseURL!, 'wf_access@2', ACCESS);

    await signIn(page, 'admin', { at: '/admin/sandbox' });
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Sandbox' })).toHaveAttribute('aria-current', 'page');
    const reviewer = await pickRequest(page, request);
    await expect(reviewer).toContainText('System owner');
    await expect(reviewer).toContainText('wf_access@2');
    await expectAccessible(page);

    await reviewer.getByRole('radio', { name: /^Request revision/ }).check();
    // Requirements are optional (DESIGN.md section 4), but one that names a field must say what changes.
    await expect(reviewer).toContainText('Optional: without any, the requester reads only your comment.');
    await reviewer.getByLabel('Field of requirement 1').selectOption({ label: 'Business justification' });
    await reviewer.getByRole('button', { name: 'Request revision', exact: true }).click();
    await expect(reviewer.getByRole('alert').filter({ hasText: 'Say what must change' })).toBeVisible();

    await reviewer.getByLabel(/^What must change \(1\)/).fill('Name the audit ticket this access is for');
    await reviewer.getByLabel(/^Comment/).fill('Almost there');
    await snap(page, 'sandbox-reviewer-revision');
    await reviewer.getByRole('button', { name: 'Request revision', exact: true }).click();
    await expect(page.getByText(`Revision requested: ${request.external_id} — now needs revision.`)).toBeVisible();
    await expect(reviewer.getByRole('status')).toContainText(`${request.external_id} — now needs revision`);
    await expect(reviewer.getByRole('status')).toContainText('System owner: revision requested — “Almost there”');
    await expect(reviewer.getByLabel('Request awaiting a reviewer')).toHaveValue('');

    // Through every layer: the requester's side of the API now has the revision task.
    const after = await operator.request.get(`/api/approval-requests/${request.id}`);
    expect(((await after.json()) as Created).status).toBe('NEEDS_REVISION');
    const task = await operator.request.get(`/api/approval-requests/${request.id}/revision-requirements`);
    expect(task.status()).toBe(200);
    const body = (await task.json()) as { task: { requirements: { field_key?: string; message: string }[]; comment: string } };
    expect(body.task.requirements).toEqual([{ field_key: 'justification', message: 'Name the audit ticket this access is for' }]);
    expect(body.task.comment).toBe('Almost there');
    await operator.context().close();
  });

  test('reviewer: approve through every layer, and a request decided elsewhere answers INVALID_TRANSITION', async ({ page, browser, baseURL }) => {
    const operator = await rolePage(browser, baseURL!, 'operator');
    const leave = await submitRequest(operator, baseURL!, 'wf_leave@2', LEAVE);
    const stale = await submitRequest(operator, baseURL!, 'wf_access@2', ACCESS);

    await signIn(page, 'admin', { at: '/admin/sandbox' });
    let reviewer = await pickRequest(page, leave);
    await expect(reviewer.getByRole('definition').filter({ hasText: 'Line manager' })).toBeVisible();
    await expect(reviewer.getByRole('term').filter({ hasText: 'Layers still ahead' }).locator('xpath=following-sibling::dd')).toHaveText('People team');
    await reviewer.getByLabel(/^Comment/).fill('Enjoy the break');
    await reviewer.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText(`Approved: ${leave.external_id} — now in progress at layer “People team”.`)).toBeVisible();
    await expect(reviewer.getByRole('status')).toContainText('at layer “People team”');
    // Still awaiting the next layer, so it stays picked for the next decision.
    await expect(reviewer.getByLabel('Request awaiting a reviewer')).toHaveValue(leave.id);
    await expect(reviewer.getByLabel(/^Comment/)).toHaveValue('');
    await reviewer.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(reviewer.getByRole('status')).toContainText(`${leave.external_id} — now approved`);
    await expect(reviewer.getByRole('status').getByRole('listitem')).toHaveCount(2);
    await expect(reviewer.getByLabel('Request awaiting a reviewer')).toHaveValue('');
    await snap(page, 'sandbox-reviewer-approved');
    const approved = (await (await operator.request.get(`/api/approval-requests/${leave.id}`)).json()) as Created & { decisions: { name: string; decision: string }[] };
    expect(approved.status).toBe('APPROVED');
    expect(approved.decisions.map((d) => [d.name, d.decision])).toEqual([
      ['Line manager', 'APPROVED'],
      ['People team', 'APPROVED'],
    ]);

    // Someone else decides while the panel still shows the request as awaiting a reviewer.
    reviewer = await pickRequest(page, stale);
    await control(`/approval-requests/${stale.id}/actions`, { action: 'reject', comment: 'decided elsewhere' });
    await reviewer.getByLabel(/^Comment/).fill('Typed before the refusal');
    await reviewer.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(reviewer.getByRole('alert').filter({ hasText: 'Reviewers act only on requests in progress; this one is rejected.' })).toBeVisible();
    await expect(reviewer.getByText('This request is no longer awaiting a reviewer')).toBeVisible();
    await expect(reviewer.getByLabel(/^Comment/)).toHaveValue('Typed before the refusal');
    // Said once, in the form: no error toast repeats it.
    await expect(errorToast(page)).toHaveCount(0);
    await expectAccessible(page);
    await operator.context().close();
  });

  test('recipients: deliver then sign; a stale Deliver shows INVALID_TRANSITION; decline', async ({ page, browser, baseURL }) => {
    const sender = await rolePage(browser, baseURL!, 'sender');
    const pkg = await sendPackage(sender, baseURL!);

    await signIn(page, 'admin', { at: '/admin/sandbox' });
    const { recipients, row } = await findPackage(page, pkg.id);
    await expect(row).toContainText('Queued');
    await expect(row).toContainText('Ada Lovelace <ada@example.com> — pending');
    await expect(row.getByRole('button', { name: `Sign all ${pkg.id}` })).toHaveCount(0);
    await row.getByRole('button', { name: `Deliver ${pkg.id}` }).click();
    await expect(recipients.getByRole('status')).toHaveText(`Deliver: package ${pkg.id} is now delivered.`);
    await expect(row).toContainText('Ada Lovelace <ada@example.com> — invited');
    await row.getByRole('button', { name: `Sign all ${pkg.id}` }).click();
    await expect(recipients.getByRole('status')).toHaveText(`Sign all: package ${pkg.id} is now completed.`);
    await expect(row).toContainText('— signed');
    await expect(row).toContainText('Closed: recipients can do nothing more.');
    await snap(page, 'sandbox-recipients');
    const completed = (await (await sender.request.get(`/api/packages/${pkg.id}`)).json()) as { status: string };
    expect(completed.status).toBe('completed');

    // The world moves on behind the panel's back: its Deliver is now an invalid move.
    const other = await sendPackage(sender, baseURL!);
    const second = await findPackage(page, other.id);
    await expect(second.row).toContainText('Queued');
    await control(`/signature-packages/${other.id}/actions`, { action: 'deliver' });
    await second.row.getByRole('button', { name: `Deliver ${other.id}` }).click();
    await expect(second.recipients.getByRole('alert')).toHaveText(`Cannot deliver package ${other.id}: it is delivered.`);
    await expect(page.getByText(`Cannot deliver package ${other.id}: it is delivered.`)).toHaveCount(1);
    await expect(second.row).toContainText('Delivered');
    await second.row.getByRole('button', { name: `Decline ${other.id}` }).click();
    await expect(second.recipients.getByRole('status')).toHaveText(`Decline: package ${other.id} is now declined.`);
    // The refusal was said once, beside the table: no error toast repeats it.
    await expect(errorToast(page)).toHaveCount(0);
    await expectAccessible(page);
    await sender.context().close();
  });

  test('clock: quick and custom advances show the new time, and time delivers a queued package', async ({ page, browser, baseURL }) => {
    const sender = await rolePage(browser, baseURL!, 'sender');
    await signIn(page, 'admin', { at: '/admin/sandbox' });
    const clock = page.getByRole('region', { name: 'Clock' });
    const shown = clock.getByTestId('sandbox-clock');
    const read = async () => Date.parse((await shown.getAttribute('datetime'))!);
    await expect(shown).toBeVisible();

    let before = await read();
    await clock.getByRole('button', { name: '+1 day' }).click();
    await expect(page.getByText(/^Sandbox clock advanced by 1 day: it is now /)).toBeVisible();
    await expect.poll(async () => (await read()) - before).toBeGreaterThanOrEqual(86_400_000);
    expect((await read()) - before).toBeLessThan(86_400_000 + 30_000);
    await expect(clock).toContainText(/ahead of real time/);

    await clock.getByLabel('Custom amount').fill('0');
    await clock.getByRole('button', { name: 'Advance', exact: true }).click();
    await expect(clock.getByRole('alert').filter({ hasText: 'At least 1' })).toBeVisible();
    before = await read();
    await clock.getByLabel('Custom amount').fill('2');
    await clock.getByLabel('Unit').selectOption('hours');
    await clock.getByRole('button', { name: 'Advance', exact: true }).click();
    await expect(page.getByText(/^Sandbox clock advanced by 2 h: it is now /)).toBeVisible();
    await expect.poll(async () => (await read()) - before).toBeGreaterThanOrEqual(7_200_000);
    expect((await read()) - before).toBeLessThan(7_200_000 + 30_000);
    await expect(clock.getByLabel('Custom amount')).toHaveValue('');

    // The simulation follows the clock: a package is delivered a minute after it was sent.
    const pkg = await sendPackage(sender, baseURL!);
    const { row } = await findPackage(page, pkg.id);
    await expect(row).toContainText('Queued');
    await clock.getByRole('button', { name: '+10 min' }).click();
    await expect(row).toContainText('Delivered');
    await snap(page, 'sandbox-clock');
    const delivered = (await (await sender.request.get(`/api/packages/${pkg.id}`)).json()) as { status: string };
    expect(delivered.status).toBe('delivered');
    await sender.context().close();
  });

  test('faults: inject one that the console then answers with, and clear it', async ({ page }) => {
    await control('/faults', { rules: [] });
    await signIn(page, 'admin', { at: '/admin/sandbox' });
    const faults = page.getByRole('region', { name: 'Faults' });
    await expect(faults.getByText('No faults injected: the sandbox answers normally.')).toBeVisible();
    await expect(faults.getByRole('button', { name: 'Clear all' })).toBeDisabled();

    await faults.getByLabel('Method').selectOption('GET');
    await faults.getByLabel(/^Path/).fill('request-forms');
    await faults.getByLabel(/^Status/).fill('409');
    await faults.getByLabel('Error code').fill('INJECTED_CONFLICT');
    await faults.getByLabel('Times').fill('3');
    await faults.getByRole('button', { name: 'Inject fault' }).click();
    await expect(faults.getByRole('alert').filter({ hasText: 'Faults apply to /api/v1/ paths' })).toBeVisible();
    await faults.getByLabel(/^Path/).fill('/api/v1/request-forms');
    await faults.getByRole('button', { name: 'Inject fault' }).click();
    await expect(page.getByText('Fault injected: GET /api/v1/request-forms answers 409 INJECTED_CONFLICT 3 time(s).')).toBeVisible();
    const rule = faults.getByRole('table', { name: 'Active fault rules' }).getByRole('row', { name: /request-forms/ });
    await expect(rule).toContainText('GET');
    await expect(rule).toContainText('409');
    await expect(rule).toContainText('INJECTED_CONFLICT');
    await expect(rule).toContainText('fires 3 more times');
    await expect(faults.getByLabel(/^Path/)).toHaveValue('');
    await expectAccessible(page);
    await snap(page, 'sandbox-faults');

    // The console's own route now meets the fault upstream and passes its answer on.
    const failing = await page.request.get('/api/request-forms');
    expect(failing.status()).toBe(409);
    expect(((await failing.json()) as { error: { code: string } }).error.code).toBe('INJECTED_CONFLICT');
    // 409 is not retried: that was exactly one hit, which the panel shows once it reads again.
    await page.reload();
    await expect(rule).toContainText('fires 2 more times (of 3)');

    // Adding a rule re-sends the whole list: the kept rule goes back with what it has left.
    await faults.getByLabel('Method').selectOption('DELETE');
    await faults.getByLabel(/^Path/).fill('/api/v1/request-templates');
    await faults.getByLabel(/^Status/).fill('409');
    await faults.getByRole('button', { name: 'Inject fault' }).click();
    await expect(page.getByText('Fault injected: DELETE /api/v1/request-templates answers 409 until cleared.')).toBeVisible();
    const endless = faults.getByRole('table', { name: 'Active fault rules' }).getByRole('row', { name: /request-templates/ });
    await expect(endless).toContainText('fires until cleared');
    await expect(rule).toContainText('fires 2 more times');
    await expect(rule).not.toContainText('fires 3 more times');

    await faults.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByText('All faults cleared: the sandbox answers normally.')).toBeVisible();
    await expect(faults.getByText('No faults injected: the sandbox answers normally.')).toBeVisible();
    const healthy = await page.request.get('/api/request-forms');
    expect(healthy.status()).toBe(200);
  });

  test('faults: an answer lost after commit is injected, listed, and the console recovers the stored reply', async ({ page, browser, baseURL }) => {
    await control('/faults', { rules: [] });
    const sender = await rolePage(browser, baseURL!, 'sender');
    await signIn(page, 'admin', { at: '/admin/sandbox' });
    const faults = page.getByRole('region', { name: 'Faults' });
    const inject = faults.getByRole('button', { name: 'Inject fault' });
    await faults.getByLabel('Method').selectOption('POST');
    await faults.getByLabel(/^Path/).fill('/api/v1/signature-packages');
    await faults.getByLabel(/^Status/).fill('');
    await faults.getByLabel('Times').fill('1');

    // The sandbox's rules, said on the form: a drop needs after commit, and has no status.
    await faults.getByLabel('Drop the answer', { exact: true }).check();
    await inject.click();
    await expect(faults.getByRole('alert').filter({ hasText: 'Dropping the answer needs "After commit"' })).toBeVisible();
    await faults.getByLabel('After commit', { exact: true }).check();
    await faults.getByLabel(/^Status/).fill('503');
    await inject.click();
    await expect(faults.getByRole('alert').filter({ hasText: 'A dropped answer has no status' })).toBeVisible();
    expect(await faultRules()).toEqual([]);

    await faults.getByLabel(/^Status/).fill('');
    await inject.click();
    await expect(page.getByText('Fault injected: POST /api/v1/signature-packages lets the call commit, then drops the answer 1 time(s).')).toBeVisible();
    const lost = faults.getByRole('table', { name: 'Active fault rules' }).getByRole('row', { name: /signature-packages/ });
    await expect(lost).toContainText('After commit');
    await expect(lost).toContainText('No answer (dropped)');
    await expect(lost).toContainText('fires 1 more time');
    await expect(faults.getByLabel('After commit', { exact: true })).not.toBeChecked();
    expect(await faultRules()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/v1/signature-packages', after_commit: true, drop: true, remaining: 1 })]);

    // Adding a rule sends the whole list again: the kept rule keeps its after-commit drop.
    await faults.getByLabel('Method').selectOption('DELETE');
    await faults.getByLabel(/^Path/).fill('/api/v1/request-templates');
    await faults.getByLabel(/^Status/).fill('409');
    await inject.click();
    await expect(page.getByText('Fault injected: DELETE /api/v1/request-templates answers 409 until cleared.')).toBeVisible();
    await expect(faults.getByRole('table', { name: 'Active fault rules' }).getByRole('row', { name: /request-templates/ })).toContainText('Before the call');
    expect((await faultRules())[0]).toMatchObject({ path: '/api/v1/signature-packages', after_commit: true, drop: true, remaining: 1 });
    await expectAccessible(page);
    await snap(page, 'sandbox-faults-after-commit');

    // The send commits and its answer is dropped; the console repeats it under the same key
    // and answers the stored reply: one package, and the rule is spent.
    const total = async () => ((await (await page.request.get('/api/packages')).json()) as { pagination: { total: number } }).pagination.total;
    const before = await total();
    await sendPackage(sender, baseURL!);
    expect(await total()).toBe(before + 1);
    await page.reload();
    await expect(faults.getByRole('table', { name: 'Active fault rules' }).getByRole('row', { name: /signature-packages/ })).toHaveCount(0);
    await faults.getByRole('button', { name: 'Clear all' }).click();
    await expect(faults.getByText('No faults injected: the sandbox answers normally.')).toBeVisible();
    await sender.context().close();
  });

  test('faults: a delay alone slows the API without failing it', async ({ page }) => {
    await control('/faults', { rules: [] });
    await signIn(page, 'admin', { at: '/admin/sandbox' });
    const faults = page.getByRole('region', { name: 'Faults' });
    await faults.getByLabel(/^Path/).fill('/api/v1/request-forms');
    await faults.getByLabel(/^Status/).fill('');
    await faults.getByRole('button', { name: 'Inject fault' }).click();
    await expect(faults.getByText('Give a status, a delay, or both')).toBeVisible();

    await faults.getByRole('button', { name: 'Slow API' }).click();
    await faults.getByLabel(/^Path/).fill('/api/v1/request-forms');
    await faults.getByLabel(/^Delay/).fill('1200');
    await faults.getByLabel('Times').fill('1');
    await faults.getByRole('button', { name: 'Inject fault' }).click();
    await expect(page.getByText('Fault injected: GET /api/v1/request-forms waits 1200 ms then answers normally 1 time(s).')).toBeVisible();
    const slow = faults.getByRole('table', { name: 'Active fault rules' }).getByRole('row', { name: /request-forms/ });
    await expect(slow).toContainText('1200 ms');
    await expect(slow).toContainText('fires 1 more time');

    const started = Date.now();
    const answer = await page.request.get('/api/request-forms');
    expect(answer.status()).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
    await page.reload();
    await expect(faults.getByText('No faults injected: the sandbox answers normally.')).toBeVisible();
  });

  test('releases: publish the current schema again, and a new one; a schema no form can carry is named', async ({ page }) => {
    await signIn(page, 'admin', { at: '/admin/sandbox' });
    const card = page.getByRole('region', { name: 'Workflow releases' });
    await card.getByLabel('Workflow', { exact: true }).selectOption({ label: 'Travel pre-approval (legacy)' });
    const hint = card.getByText(/^Current release: /);
    const current = (await hint.textContent())!.replace('Current release: ', '');
    const n = Number(current.split('@').pop());
    await card.getByRole('button', { name: 'Publish a new release' }).click();
    await expect(page.getByText(new RegExp(`^Published .+@${n + 1}\\. Forms still on the previous release will be refused as stale\\.$`))).toBeVisible();
    await expect(hint).toHaveText(new RegExp(`@${n + 1}$`));

    const box = card.getByLabel('New submission schema (optional)');
    await box.fill('{"type": "object", "properties": {"who": {"$ref": "#/x"}}}');
    await card.getByRole('button', { name: 'Publish a new release' }).click();
    await expect(card.getByRole('alert')).toHaveText('Field "who" uses "$ref", which the console cannot check in a form.');
    await expect(hint).toHaveText(new RegExp(`@${n + 1}$`));
    await box.fill('{"type": "object", "properties": {"destination": {"type": "string", "title": "Destination city"}}, "required": ["destination"]}');
    await card.getByRole('button', { name: 'Publish a new release' }).click();
    await expect(hint).toHaveText(new RegExp(`@${n + 2}$`));
    await expectAccessible(page);
    await snap(page, 'sandbox-releases');
    await page.goto(`/catalog/approval-workflows/${current.split('@')[0]}`);
    await expect(page.getByText('Destination city').first()).toBeVisible();
  });
});
