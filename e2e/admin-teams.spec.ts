import { apiId, expect, expectAccessible, expectPhoneFits, post, sendNdaViaApi, signIn, snap, test } from './fixtures.ts';
import type { Browser, Page } from '@playwright/test';
import { archiveEveryTeam, makeTeam, myId } from './team-helpers.ts';

// Admin → Teams (issue 38): the empty state, making a team (its name checked, a taken name
// refused in the dialog), adding and removing members by hand, a membership from the identity
// provider shown as such and not removable, renaming, the Users page's Teams column, and
// archiving behind a confirmation; assigning a sender's past packages of no team to a team in one
// step, and the packages list's team filter; the team pickers of a person in two teams on the
// approval request form and the documents upload, and the audit log filtered by team; a saved view
// shared with a team, seen on a teammate's home; assigning an approval request and a package of no
// team to a team from its page; at 1360 and 390 px.

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A sender, signed in in a browser of their own, and a package they sent while no team exists: of no team. */
async function sentBeforeTeams(browser: Browser, baseURL: string, counterparty: string, tag: string) {
  const sender = await (await browser.newContext({ baseURL })).newPage();
  await signIn(sender, 'sender', { at: '/packages' });
  return { sender, pkg: await sendNdaViaApi(sender, counterparty, tag) };
}

/** On a record's page, an admin gives it (of no team) to `team` from its Team section, at 1360 and 390 px. */
async function assignFromItsPage(page: Page, { noun, team: name, shots }: { noun: string; team: string; shots: string }) {
  const team = page.getByRole('region', { name: 'Team' });
  await expect(team).toContainText('belongs to no team');
  await expect(team.getByRole('button', { name: 'Assign' })).toBeDisabled();
  await team.getByLabel('Assign to a team').selectOption({ label: name });
  await expectAccessible(page);
  await snap(page, `${shots}-assign-team`);
  await expectPhoneFits(page, `${shots}-assign-team-390`);
  await team.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(`This ${noun} now belongs to ${name}: its members see it.`)).toBeVisible();
  await expect(team).toContainText(`Belongs to ${name}`);
  await snap(page, `${shots}-assigned-team`);
}

/** The audit log holds a successful `operation` on `id`. */
async function expectAudited(page: Page, operation: string, id: string) {
  const audit = await page.request.get(`/api/admin/audit?operation=${operation}&outcome=success`);
  const rows = ((await audit.json()) as { data: { target_id: string }[] }).data;
  expect(rows.map((r) => r.target_id)).toContain(id);
}

test.describe('Admin → Teams', () => {
  test.afterEach(async ({ page }) => {
    await archiveEveryTeam(page);
  });

  test('empty state: what teams are for, and a way to make the first', async ({ page }) => {
    await page.route('**/api/admin/teams', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { data: [] } }) : route.fallback(),
    );
    await signIn(page, 'admin', { at: '/admin/teams' });
    await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
    await expect(page.getByText('No teams yet')).toBeVisible();
    await expect(page.getByText(/Until a team exists, everyone sees every package/)).toBeVisible();
    await expect(page.getByRole('link', { name: /Help for this screen/ })).toHaveAttribute('href', /\/help\/admin#teams$/);
    await expectAccessible(page);
    await snap(page, 'admin-teams-empty');
    await expectPhoneFits(page, 'admin-teams-empty-390');
  });

  test('make, fill, rename and archive a team; the Users page says who is in it and how', async ({ page }) => {
    const name = `Legal ${stamp()}`;
    await signIn(page, 'admin', { at: '/admin/users' });
    const tabs = page.getByRole('navigation', { name: 'Admin' });
    await tabs.getByRole('link', { name: 'Teams' }).click();
    await expect(page).toHaveURL(/\/admin\/teams$/);
    await expect(tabs.getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');

    // A blank name never leaves the dialog.
    await page.getByRole('button', { name: 'New team' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New team' });
    await dialog.getByRole('button', { name: 'Make the team' }).click();
    await expect(dialog.getByLabel('Team name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toContainText('Give the team a name.');
    await dialog.getByLabel('Team name').fill(name);
    await dialog.getByRole('button', { name: 'Make the team' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('region', { name });
    await expect(card).toContainText('0 members');
    await expect(card).toContainText('No members yet');

    // The same name in another case is taken: said on the field, the dialog stays open with it.
    await page.getByRole('button', { name: 'New team' }).first().click();
    await dialog.getByLabel('Team name').fill(name.toUpperCase());
    await dialog.getByRole('button', { name: 'Make the team' }).click();
    await expect(dialog.getByLabel('Team name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toContainText('already exists');
    await expect(dialog.getByLabel('Team name')).toHaveValue(name.toUpperCase());
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Add two people by hand.
    const picker = card.getByLabel(`Add a member to ${name}`);
    for (const who of ['sender@signdesk.local', 'operator@signdesk.local']) {
      const label = (await picker.locator('option', { hasText: who }).textContent())!;
      await picker.selectOption({ label });
      await card.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(card.getByRole('list', { name: `Members of ${name}` })).toContainText(who);
    }
    await expect(card).toContainText('2 members');
    const members = card.getByRole('list', { name: `Members of ${name}` });
    await expect(members.getByRole('listitem').filter({ hasText: 'sender@signdesk.local' })).toContainText('added by hand');
    // Someone already in the team is not offered again.
    await expect(picker.locator('option', { hasText: 'sender@signdesk.local' })).toHaveCount(0);

    // Remove one.
    await card
      .getByRole('button', { name: new RegExp(`^Remove .* from ${name}$`) })
      .last()
      .click();
    await expect(card).toContainText('1 member');
    await expectAccessible(page);
    await snap(page, 'admin-teams');
    await expectPhoneFits(page, 'admin-teams-390');

    // Rename.
    const renamed = `${name} and Compliance`;
    await card.getByRole('button', { name: `Rename ${name}` }).click();
    const rename = page.getByRole('dialog', { name: `Rename ${name}` });
    await expect(rename.getByLabel('Team name')).toHaveValue(name);
    await rename.getByLabel('Team name').fill(renamed);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename).toBeHidden();
    const renamedCard = page.getByRole('region', { name: renamed });
    await expect(renamedCard).toBeVisible();

    // The Users page: each person's teams and where each membership came from.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    const kept = page.getByRole('row').filter({ hasText: /(sender|operator)@signdesk\.local/ });
    await expect(kept.getByRole('list', { name: /^Teams of / })).toHaveCount(1);
    await expect(kept.getByRole('list', { name: /^Teams of / })).toContainText(renamed);
    await expect(kept.getByRole('list', { name: /^Teams of / })).toContainText('added by hand');
    await expect(page.getByRole('row').filter({ hasText: 'viewer@signdesk.local' })).toContainText('No team');
    await expectAccessible(page);
    await snap(page, 'admin-users-teams');
    await expectPhoneFits(page, 'admin-users-teams-390');

    // Archive, behind a confirmation that says what it does.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Teams' }).click();
    await renamedCard.getByRole('button', { name: `Archive ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Archive ${renamed}?` });
    await expect(confirm).toContainText('Its one member can no longer see its packages');
    await confirm.getByRole('button', { name: 'Archive team' }).click();
    await expect(confirm).toBeHidden();
    await expect(renamedCard).toContainText('archived');
    await expect(renamedCard.getByRole('button', { name: `Rename ${renamed}` })).toHaveCount(0);
    await expect(renamedCard.getByLabel(`Add a member to ${renamed}`)).toHaveCount(0);
    await expect(renamedCard.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await snap(page, 'admin-teams-archived');
  });

  test('a membership from the identity provider is shown as such and cannot be removed here', async ({ page }) => {
    const name = `Procurement ${stamp()}`;
    await signIn(page, 'admin', { at: '/admin/teams' });
    const headers = { origin: new URL(page.url()).origin };
    const made = await page.request.post('/api/admin/teams', { data: { name }, headers });
    expect(made.status()).toBe(200);
    // The provider's memberships come from an OpenID Connect sign-in (tests/console/oidc.test.ts
    // proves them); here the list the page reads says one came that way.
    await page.route('**/api/admin/teams', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: { name: string; members: unknown[] }[] };
      for (const t of body.data)
        if (t.name === name)
          t.members.push({
            user_id: 'usr_fromidp',
            name: 'Ida Provider',
            email: 'ida@idp.example',
            source: 'provider',
            added_at: new Date().toISOString(),
          });
      await route.fulfill({ response: answer, json: body });
    });
    await page.reload();
    const card = page.getByRole('region', { name });
    const ida = card.getByRole('listitem').filter({ hasText: 'ida@idp.example' });
    await expect(ida).toContainText('from identity provider');
    await expect(ida.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'admin-teams-provider');
  });

  test('assign a sender’s past packages of no team to a team in one step; the packages list filters by team', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = stamp();
    const { sender, pkg } = await sentBeforeTeams(browser, baseURL!, `Before teams ${tag}`, tag);
    const senderId = await myId(sender);
    const senderSees = async () =>
      ((await (await sender.request.get('/api/packages?size=100')).json()) as { data: { id: string }[] }).data.map((p) => p.id);

    await signIn(page, 'admin', { at: '/admin/teams' });
    const name = `Sales ${tag}`;
    const team = await makeTeam(page, name, [senderId]);
    // In a team now, the sender no longer sees what they sent before it: it is of no team.
    expect(await senderSees()).not.toContain(pkg);

    await page.reload();
    const card = page.getByRole('region', { name });
    const picker = card.getByLabel(`Assign a sender’s past packages to ${name}`);
    await expect(card.getByRole('button', { name: 'Assign packages' })).toBeDisabled();
    await picker.selectOption(senderId);
    await expectAccessible(page);
    await snap(page, 'admin-teams-assign');
    await expectPhoneFits(page, 'admin-teams-assign-390');
    await card.getByRole('button', { name: 'Assign packages' }).click();
    await expect(page.getByText(new RegExp(`now belong to ${name}`))).toBeVisible();
    await expect(picker).toHaveValue('');
    expect(await senderSees()).toContain(pkg);

    // The admin's packages list filters by team: the package is the team's now.
    await page.goto(`/packages?team=${team}`);
    await expect(page.getByLabel('Team')).toHaveValue(team);
    await expect(page.getByRole('cell', { name: pkg })).toBeVisible();
    await page.getByLabel('Team').selectOption('none');
    await expect(page).toHaveURL(/team=none/);
    await expect(page.getByRole('cell', { name: pkg })).toHaveCount(0);
    await page.getByLabel('Team').selectOption(team);
    await expect(page.getByRole('cell', { name: pkg })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'packages-team-filter');
    await expectPhoneFits(page, 'packages-team-filter-390');

    // Audited under the team.
    const audit = await page.request.get(`/api/admin/audit?team=${team}&operation=team.assign_packages`);
    const rows = ((await audit.json()) as { data: { details: string }[] }).data;
    expect(rows.map((r) => JSON.parse(r.details) as { packages: number })).toEqual([
      { user_id: senderId, packages: 1, batches: 0 },
    ]);
    await sender.context().close();
  });

  test('an operator in two teams picks the team a request and an upload are for; the audit log filters by team', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = stamp();
    const operator = await (await browser.newContext({ baseURL })).newPage();
    await signIn(operator, 'operator', { at: '/documents' });
    const operatorId = await myId(operator);
    await signIn(page, 'admin', { at: '/admin/teams' });
    const hr = await makeTeam(page, `HR ${tag}`, [operatorId]);
    await makeTeam(page, `Legal ${tag}`, [operatorId]);

    // The request form asks which team, the teams by name when none was used yet.
    await operator.goto(`/approvals/new?workflow=${apiId('wf_access')}`);
    const submitFor = operator.getByLabel('Submit for team');
    await expect(submitFor.locator('option')).toHaveText([`HR ${tag}`, `Legal ${tag}`]);
    await expect(operator.getByText('Who can see the request: the members of this team.')).toBeVisible();
    await expectAccessible(operator);
    await snap(operator, 'approval-request-team');
    await expectPhoneFits(operator, 'approval-request-team-390');

    // So does the upload panel.
    await operator.goto('/documents');
    await operator.getByRole('button', { name: 'Upload PDF' }).click();
    const uploadFor = operator.getByLabel('Upload for team');
    await expect(uploadFor.locator('option')).toHaveText([`HR ${tag}`, `Legal ${tag}`]);
    await expectAccessible(operator);
    await snap(operator, 'documents-upload-team');
    await expectPhoneFits(operator, 'documents-upload-team-390');

    // The audit log filtered by HR: the team's making and its membership, nothing of Legal's.
    await page.goto(`/admin/audit?team=${hr}`);
    await expect(page.getByLabel('Team')).toHaveValue(hr);
    await expect(page.getByRole('button', { name: 'Created a team' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Added a member to a team' })).toBeVisible();
    await expect(page.getByText(/2 entries match these filters/)).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'admin-audit-team');
    await expectPhoneFits(page, 'admin-audit-team-390');
    await operator.context().close();
  });

  test('a saved view shared with a team: a teammate sees it on home, marked shared and by whom, and cannot delete it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = stamp();
    const viewer = await (await browser.newContext({ baseURL })).newPage();
    await signIn(viewer, 'viewer', { at: '/' });
    const sender = await (await browser.newContext({ baseURL })).newPage();
    await signIn(sender, 'sender', { at: '/' });
    await signIn(page, 'admin', { at: '/admin/teams' });
    const name = `Sales ${tag}`;
    await makeTeam(page, name, [await myId(sender), await myId(viewer)]);

    await sender.goto('/packages?status=completed');
    await sender.getByRole('button', { name: 'Save this view' }).click();
    const dialog = sender.getByRole('dialog', { name: 'Save this view' });
    await dialog.getByLabel('Name').fill(`Done deals ${tag}`);
    const whoSees = dialog.getByLabel('Who sees it');
    await expect(whoSees).toHaveValue('');
    await whoSees.selectOption({ label: `Shared with ${name}` });
    await expectAccessible(sender);
    await snap(sender, 'saved-view-share');
    await expectPhoneFits(sender, 'saved-view-share-390');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(dialog).toBeHidden();
    await expect(sender.getByText(new RegExp(`shared with ${name}`))).toBeVisible();

    // The teammate's home lists it, marked shared and by whom, with nothing to delete.
    await viewer.goto('/');
    const views = viewer.getByRole('region', { name: /saved views/i });
    const row = views.getByRole('listitem').filter({ hasText: `Done deals ${tag}` });
    await expect(row).toContainText(`Shared with ${name} · by`);
    await expect(row.getByRole('button', { name: /^Delete the view/ })).toHaveCount(0);
    await expect(row.getByRole('link', { name: `Done deals ${tag}` })).toHaveAttribute('href', '/packages?status=completed');
    await expectAccessible(viewer);
    await snap(viewer, 'home-shared-view');
    await expectPhoneFits(viewer, 'home-shared-view-390');
    await viewer.context().close();
    await sender.context().close();
  });

  test('assign an approval request of no team to a team from its page; its members see it then', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = stamp();
    // Submitted while no team exists: the request belongs to no team.
    const operator = await (await browser.newContext({ baseURL })).newPage();
    await signIn(operator, 'operator', { at: '/approvals' });
    const submitted = await post(
      operator.request,
      operator,
      '/api/approval-requests',
      {
        workflow_id: apiId('wf_access'),
        workflow_release_id: apiId('wf_access@2'),
        external_id: `e2e-unowned-${tag}`,
        form_data: {
          system: 'crm',
          access_level: 'read',
          justification: 'Made before teams existed',
          access_until: '2031-06-30',
        },
        submit: true,
      },
      `e2e-unowned-${tag}`,
    );
    expect(submitted.status(), await submitted.text()).toBe(200);
    const { id } = (await submitted.json()) as { id: string };
    await signIn(page, 'admin', { at: '/admin/teams' });
    const name = `Access ${tag}`;
    await makeTeam(page, name, [await myId(operator)]);
    // In a team now, the operator no longer sees it: it is of no team.
    expect((await operator.request.get(`/api/approval-requests/${id}`)).status()).toBe(404);

    // The admin's list filtered to "no team" holds it.
    await page.goto('/approvals?team=none');
    await expect(page.getByRole('link', { name: `e2e-unowned-${tag}` })).toBeVisible();
    await page.getByRole('link', { name: `e2e-unowned-${tag}` }).click();
    await assignFromItsPage(page, { noun: 'request', team: name, shots: 'approval' });
    expect((await operator.request.get(`/api/approval-requests/${id}`)).status()).toBe(200);
    await expectAudited(page, 'approval_request.assign_team', id);
    await operator.context().close();
  });

  test('assign a package of no team to a team from its page; its members see it then, and which team it is in', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = stamp();
    const { sender, pkg } = await sentBeforeTeams(browser, baseURL!, `Unowned ${tag}`, tag);
    await signIn(page, 'admin', { at: '/admin/teams' });
    const name = `Deals ${tag}`;
    await makeTeam(page, name, [await myId(sender)]);
    // In a team now, the sender no longer sees it: it is of no team.
    expect((await sender.request.get(`/api/packages/${encodeURIComponent(pkg)}`)).status()).toBe(404);

    await page.goto(`/packages/${encodeURIComponent(pkg)}`);
    await assignFromItsPage(page, { noun: 'package', team: name, shots: 'package' });

    // The sender opens it again, and is told which team it is in.
    await sender.goto(`/packages/${encodeURIComponent(pkg)}`);
    const facts = sender.locator('dl').filter({ has: sender.getByText('Sent from this console') });
    await expect(facts.locator('div').filter({ has: sender.locator('dt', { hasText: /^Team$/ }) })).toContainText(name);
    await expectAccessible(sender);
    await snap(sender, 'package-team-member');
    await expectPhoneFits(sender, 'package-team-member-390');

    await expectAudited(page, 'package.assign_team', pkg);
    await sender.context().close();
  });
});
