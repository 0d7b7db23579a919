import {
  expect,
  expectAccessible,
  expectPhoneFits,
  fillNda,
  ndaPreview,
  post,
  reviewEveryPage,
  signIn,
  snap,
  test,
} from './fixtures.ts';
import { archiveEveryTeam, makeTeam, myId } from './team-helpers.ts';

// Issue 38: a sender in several teams chooses "Send for team" on the review step, the team they
// last sent for first; the choice goes with the Send. A sender in one team is not asked.

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test('a sender in two teams sends for the one chosen, the last used offered first', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signIn(admin, 'admin', { at: '/admin/teams' });
  try {
    await signIn(page, 'sender', { at: '/packages/new' });
    const sender = await myId(page);
    const tag = stamp();
    const hr = await makeTeam(admin, `HR ${tag}`, [sender]);
    const legal = await makeTeam(admin, `Legal ${tag}`, [sender]);

    // The last send was for Legal (made through the API, as another tab would).
    const preview = await post(page.request, page, '/api/packages/preview', ndaPreview(`Earlier ${tag}`, tag));
    expect(preview.status(), await preview.text()).toBe(200);
    const { preview_token } = (await preview.json()) as { preview_token: string };
    const earlier = await post(
      page.request,
      page,
      '/api/packages',
      { template_id: 'dst_nda', preview_token, confirmed: true, team_id: legal },
      `e2e-team-${tag}`,
    );
    expect(earlier.status(), await earlier.text()).toBe(200);

    await page.reload();
    await fillNda(page, `Team pick ${tag}`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await reviewEveryPage(page);
    const picker = page.getByLabel('Send for team');
    await expect(picker.locator('option')).toHaveText([`Legal ${tag}`, `HR ${tag}`]);
    await expect(picker).toHaveValue(legal);
    await picker.selectOption({ label: `HR ${tag}` });
    await page.getByLabel(/I have reviewed the populated document/).check();
    await expectAccessible(page);
    await snap(page, 'send-for-team');
    await expectPhoneFits(page, 'send-for-team-390');

    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/packages');
    await page.getByRole('button', { name: 'Send for signature' }).click();
    expect(((await sent).postDataJSON() as { team_id?: string }).team_id).toBe(hr);
    await expect(page).toHaveURL(/\/packages\/[^/]+$/);
    // That the team last sent for then moves to HR is held by tests/console/my-teams.test.ts.
  } finally {
    await archiveEveryTeam(admin);
    await admin.context().close();
  }
});

test('a sender in one team is not asked', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signIn(admin, 'admin', { at: '/admin/teams' });
  try {
    await signIn(page, 'sender', { at: '/packages/new' });
    await makeTeam(admin, `Solo ${stamp()}`, [await myId(page)]);
    await page.reload();
    await fillNda(page, `Solo ${stamp()}`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await reviewEveryPage(page);
    await expect(page.getByRole('button', { name: 'Send for signature' })).toBeVisible();
    await expect(page.getByLabel('Send for team')).toHaveCount(0);
  } finally {
    await archiveEveryTeam(admin);
    await admin.context().close();
  }
});
