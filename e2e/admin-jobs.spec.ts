import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { expect, expectAccessible, expectPhoneFits, signIn, snap, test } from './fixtures';

// Admin → Background work (issue 36). The console runs on its embedded SQLite file here: a
// failed job is written into its table (as a retention run that hit a full disk would leave
// it), then retried from the page, and runs for real (retention with its defaults prunes nothing).
const DB = `.data/e2e-${process.env.E2E_PORT ?? 3100}/console/console.db`;

function seedFailedJob(id: string) {
  const file = new Database(DB);
  try {
    const at = new Date(Date.now() - 60_000).toISOString();
    file
      .prepare(
        `INSERT INTO background_jobs (id, queue, data, state, singleton_key, singleton_slot, retries, retry_limit, start_after, created_at, started_at, finished_at, error)
         VALUES (?, 'retention', '{}', 'failed', NULL, NULL, 2, 2, ?, ?, ?, ?, 'SqliteError: database or disk is full')`,
      )
      .run(id, at, at, at, at);
  } finally {
    file.close();
  }
}

/** A notification e-mail to the admin that gave up after its 10 attempts, as the mail job leaves it. */
function seedFailedDelivery(id: string) {
  const file = new Database(DB);
  try {
    const user = file.prepare("SELECT id FROM users WHERE email LIKE 'admin%' ORDER BY email LIMIT 1").get() as { id: string };
    const at = new Date(Date.now() - 60_000).toISOString();
    file
      .prepare(
        `INSERT INTO notifications (id, user_id, kind, subject_type, subject_id, title, body, href, created_at, read_at, event_key)
         VALUES (?, ?, 'admin.jobs_failing', 'console', 'background-work', 'Background work failing', 'Jobs of mail failed.', '/admin/jobs', ?, ?, ?)`,
      )
      .run(id, user.id, at, at, `e2e:${id}`);
    file
      .prepare(
        `INSERT INTO notification_deliveries (notification_id, channel, state, attempts, last_error, claimed_until, next_attempt_at, sent_at, created_at)
         VALUES (?, 'email', 'failed', 10, ?, NULL, ?, NULL, ?)`,
      )
      .run(id, 'Invalid login: 535 5.7.8 for smtp://signdesk:hunter2-e2e-pass@mail.example.com:587', at, at);
  } finally {
    file.close();
  }
}

test.describe('background work', () => {
  test('an admin sees the work by queue and state, filters it, retries a failed job; fits 1360 and 390 px', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1360, height: 900 });
    await signIn(page, 'admin', { at: '/admin/users' });
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Background work' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Background work' })).toBeVisible();
    // The sweep runs every 10 s from the console's start.
    await expect(page.getByRole('heading', { name: 'Find bulk rows due' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Find bulk rows due/ }).first()).toBeVisible({ timeout: 20_000 });

    const id = randomUUID();
    seedFailedJob(id);
    await page.getByLabel('State', { exact: true }).selectOption('failed');
    await expect(page).toHaveURL(/state=failed/);
    const row = page.getByRole('row').filter({ hasText: id });
    await expect(row).toBeVisible({ timeout: 10_000 });
    await expect(row).toContainText('Prune by retention');
    await expect(row).toContainText('Failed');
    await expect(row).toContainText('3 of 3');
    await expect(row).toContainText('SqliteError: database or disk is full');
    await expectAccessible(page);
    await snap(page, 'admin-jobs-failed');
    await expectPhoneFits(page, 'admin-jobs-failed-phone');

    await row.getByRole('button', { name: `Retry Prune by retention job ${id}` }).click();
    await expect(page.getByText(/Queued again: the "Prune by retention" job starts over/)).toBeVisible();
    // It leaves the failed ones, and runs: retention with its defaults prunes nothing, and is done.
    await expect(page.getByRole('row').filter({ hasText: id })).toHaveCount(0, { timeout: 10_000 });
    await page.getByLabel('State', { exact: true }).selectOption('completed');
    await expect(page.getByRole('row').filter({ hasText: id })).toContainText('1 of 3', { timeout: 15_000 });

    await page.getByLabel('State', { exact: true }).selectOption('');
    await expect(page).not.toHaveURL(/state=/);
    await expectAccessible(page);
    await snap(page, 'admin-jobs');
    await expectPhoneFits(page, 'admin-jobs-phone');
  });

  test('lists e-mail that could not be sent, with why (no password) and a Retry; fits 1360 and 390 px', async ({ page }) => {
    const id = `ntf_${randomUUID()}`;
    seedFailedDelivery(id);
    await page.setViewportSize({ width: 1360, height: 900 });
    await signIn(page, 'admin', { at: '/admin/jobs' });
    const section = page.getByRole('region', { name: 'E-mail that could not be sent' });
    const row = section.getByRole('row').filter({ hasText: id });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText('Background work failing');
    await expect(row).toContainText('Invalid login: 535 5.7.8');
    await expect(section).not.toContainText('hunter2');
    await row.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await snap(page, 'admin-jobs-failed-email');
    await expectPhoneFits(page, 'admin-jobs-failed-email-phone');
    await page.setViewportSize({ width: 1360, height: 900 });
    await row.getByRole('button', { name: `Retry the e-mail ${id}` }).click();
    await expect(page.getByText(/Back in line: the e-mail is sent again/)).toBeVisible();
    await expect(section.getByRole('row').filter({ hasText: id })).toHaveCount(0, { timeout: 10_000 });
  });

  test('is for admins only: the page refuses, the routes answer 403', async ({ page }) => {
    await signIn(page, 'sender');
    await page.goto('/admin/jobs');
    await expect(page.getByRole('heading', { name: 'Admin is not available to your role' })).toBeVisible();
    expect((await page.request.get('/api/admin/jobs')).status()).toBe(403);
    expect((await page.request.get('/api/admin/deliveries')).status()).toBe(403);
  });
});
