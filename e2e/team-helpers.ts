import type { Page } from '@playwright/test';
import { expect, originOf } from './fixtures.ts';

// Teams change what every non-admin sees (a sender in a team no longer sees records of no team),
// so the journeys that make teams are world-changing (playwright.config.ts) and archive every
// active team they leave behind: with no active team the console behaves as before teams.

type TeamRow = { id: string; name: string; archived_at: string | null };

/** Archives every active team, as an admin signed in on `page`. */
export async function archiveEveryTeam(page: Page) {
  const list = await page.request.get('/api/admin/teams');
  expect(list.status()).toBe(200);
  for (const t of ((await list.json()) as { data: TeamRow[] }).data.filter((t) => t.archived_at === null)) {
    const done = await page.request.post(`/api/admin/teams/${t.id}/archive`, { headers: { origin: originOf(page) } });
    expect(done.status(), await done.text()).toBe(200);
  }
}

/** Makes a team through the routes (as the admin on `page`) with these members; answers its id. */
export async function makeTeam(page: Page, name: string, members: string[]) {
  const headers = { origin: originOf(page) };
  const made = await page.request.post('/api/admin/teams', { data: { name }, headers });
  expect(made.status(), await made.text()).toBe(200);
  const { id } = (await made.json()) as { id: string };
  for (const user_id of members) {
    const added = await page.request.post(`/api/admin/teams/${id}/members`, { data: { user_id }, headers });
    expect(added.status(), await added.text()).toBe(200);
  }
  return id;
}

/** The id of the account signed in on `page`. */
export async function myId(page: Page) {
  const me = await page.request.get('/api/auth/me');
  return ((await me.json()) as { user: { id: string } }).user.id;
}
