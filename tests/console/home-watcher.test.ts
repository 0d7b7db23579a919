import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeAnswer, HomeSectionId } from '@/lib/home/schemas';
import { startTestConsole, type TestConsole } from './harness';
import { arrivals, idem, ndaBody, previewViaConsole, sendViaConsole, submittedRequest } from './console-fixtures';

// Home reads what the watcher recorded (issue 36): with the watcher on and a sweep ended, the
// sections about statuses come from the console's own tables, not from the API's lists. Two
// consoles share one sandbox and app: `watched` runs the watcher every two seconds, `asked`
// has it off and reads the API as Home always did, so the two costs can be set side by side.

let watched: TestConsole;
let asked: TestConsole;
beforeAll(async () => {
  watched = await startTestConsole({ env: { WATCHER_INTERVAL_SECONDS: '2', HOME_CACHE_SECONDS: '1' } });
  asked = await startTestConsole({
    env: { WATCHER_INTERVAL_SECONDS: '0', HOME_CACHE_SECONDS: '1' },
    shared: { sandbox: watched.sandbox, appId: watched.appId, apiKey: watched.apiKey },
  });
}, 120_000);
afterAll(async () => {
  await asked?.close();
  await watched?.close();
});

type Role = keyof TestConsole['cookies'];
async function home(c: TestConsole, role: Role): Promise<HomeAnswer> {
  const reply = await c.call('GET', '/api/home', { cookie: c.cookies[role] });
  expect(reply.status, reply.bytes.toString().slice(0, 300)).toBe(200);
  return reply.body as HomeAnswer;
}
const rowsOf = (answer: HomeAnswer, id: HomeSectionId) => answer.sections.find((s) => s.id === id)?.rows ?? [];
const visit = async (c: TestConsole) =>
  expect((await c.call('GET', '/', { cookie: c.cookies.sender, headers: { accept: 'text/html' } })).status).toBe(200);
const within = { timeout: 20_000, interval: 250 };

/** When the watched console's watcher last ran (watcher_cursor.updated_at). */
function watcherRanAt(): string | null {
  const file = new Database(join(watched.dataDir, 'console.db'), { readonly: true, fileMustExist: true });
  try {
    const row = file.prepare("SELECT updated_at FROM watcher_cursor WHERE name = 'open-records'").get() as
      { updated_at: string } | undefined;
    return row?.updated_at ?? null;
  } finally {
    file.close();
  }
}

/**
 * The API calls one home read of `c` makes, counted at the sandbox. The watcher's own calls
 * count there too, so the read is made just after a watcher run ended and counted only if no
 * run ended while it was made (a run writes its cursor last).
 */
async function homeCost(c: TestConsole, role: Role) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const ran = watcherRanAt();
    await expect.poll(watcherRanAt, within).not.toBe(ran);
    const ranBefore = watcherRanAt();
    const before = arrivals(c);
    const answer = await home(c, role);
    const calls = arrivals(c) - before;
    await new Promise((r) => setTimeout(r, 300));
    if (watcherRanAt() === ranBefore) return { answer, calls };
  }
  throw new Error('no home read fell between two watcher runs');
}

async function sendNda(c: TestConsole, days: number) {
  const preview = await previewViaConsole(c, c.cookies.sender, ndaBody({ expires_in_days: days }) as { template_id: string });
  const sent = await sendViaConsole(c, preview, idem('send'));
  expect(sent.status).toBe(200);
  return (sent.body as { id: string }).id;
}

describe('home from what the watcher recorded', () => {
  it('lists a package completed at the sandbox from the watcher’s record, asking the API for no list', async () => {
    await visit(watched);
    // A visit after a gap of the API's time is the next visit: the first is "when you last looked".
    expect((await watched.sandbox.control('/clock', { advance_seconds: 11 * 60 })).status).toBe(200);
    const heard = watcherRanAt();
    await expect.poll(watcherRanAt, within).not.toBe(heard); // the console hears the API's new time
    await visit(watched);
    const pkg = await sendNda(watched, 10);
    expect((await watched.sandbox.control(`/signature-packages/${pkg}/actions`, { action: 'deliver' })).status).toBe(200);
    const completed = await watched.sandbox.control(`/signature-packages/${pkg}/actions`, { action: 'complete' });
    expect(completed.status).toBe(200);
    const completedAt = new Date((completed.body as { completed_at: string }).completed_at).toISOString();

    await expect
      .poll(async () => rowsOf(await home(watched, 'sender'), 'finished').map((r) => r.key), within)
      .toContain(`package:${pkg}`);
    const { answer, calls } = await homeCost(watched, 'sender');
    expect(calls).toBe(0);
    expect(answer.as_of).toEqual(expect.any(String));
    expect(rowsOf(answer, 'finished').find((r) => r.key === `package:${pkg}`)).toMatchObject({
      kind: 'Completed',
      status: { family: 'package', code: 'completed' },
      title: 'Mutual non-disclosure agreement',
      at: completedAt,
      mine: true,
      href: `/packages/${pkg}`,
    });
    expect(answer.sections.every((s) => s.error === null)).toBe(true);

    // The same home read with the watcher off asks the API for its lists, as before.
    await new Promise((r) => setTimeout(r, 1_100)); // past HOME_CACHE_SECONDS
    const before = await homeCost(asked, 'sender');
    expect(before.answer.as_of).toBeNull();
    expect(before.calls).toBeGreaterThan(0);
  }, 90_000);

  it('lists a package expiring soon the moment it is sent, before the watcher has read it', async () => {
    const soon = await sendNda(watched, 2);
    const later = await sendNda(watched, 30);
    const answer = await home(watched, 'sender');
    expect(answer.as_of).toEqual(expect.any(String));
    const keys = rowsOf(answer, 'expiring_soon').map((r) => r.key);
    expect(keys).toContain(`package:${soon}`);
    expect(keys).not.toContain(`package:${later}`);
    expect(rowsOf(answer, 'expiring_soon').find((r) => r.key === `package:${soon}`)).toMatchObject({
      mine: true,
      title: 'Mutual non-disclosure agreement',
      href: `/packages/${soon}`,
    });
    expect(rowsOf(answer, 'expiring_soon').find((r) => r.key === `package:${soon}`)?.detail).toMatch(/expires in 2 days/);
    // another sender's home shows it too, as not theirs
    expect(rowsOf(await home(watched, 'admin'), 'expiring_soon').find((r) => r.key === `package:${soon}`)?.mine).toBe(false);
  }, 60_000);

  it('puts a request sent back for revision under "Needs you" from the watcher’s record, titled as it was submitted', async () => {
    const req = await submittedRequest(watched);
    const sentBack = await watched.sandbox.control(`/approval-requests/${req.id}/actions`, {
      action: 'request_revision',
      comment: 'Which module?',
      requirements: [{ message: 'Name the CRM module' }],
    });
    expect(sentBack.status).toBe(200);
    await expect
      .poll(async () => rowsOf(await home(watched, 'operator'), 'needs_you').map((r) => r.key), within)
      .toContain(`request:${req.id}`);
    const answer = await home(watched, 'operator');
    expect(answer.as_of).toEqual(expect.any(String));
    expect(rowsOf(answer, 'needs_you').find((r) => r.key === `request:${req.id}`)).toMatchObject({
      kind: 'Revision requested',
      title: req.external_id,
      href: `/approvals/${req.id}`,
      mine: true,
    });
  }, 60_000);
});
