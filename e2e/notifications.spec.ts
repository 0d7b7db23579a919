import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { expect, expectAccessible, expectPhoneFits, signIn, snap, test } from './fixtures';

// The bell (issue 37). The journeys' console runs without the watcher, so its notifications are
// written into its embedded SQLite file, as the notify job would make them from the watcher's
// record of a package completing and a request sent back; the rest is the page's own.
const DB = `.data/e2e-${process.env.E2E_PORT ?? 3100}/console/console.db`;

function seedNotifications(email: string, tag: string) {
  const file = new Database(DB);
  try {
    const user = file.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string };
    const insert = file.prepare(
      `INSERT INTO notifications (id, user_id, kind, subject_type, subject_id, title, body, href, created_at, read_at, event_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
    );
    const at = (ago: number) => new Date(Date.now() - ago).toISOString();
    insert.run(
      `ntf_${randomUUID()}`,
      user.id,
      'request.needs_revision',
      'approval_request',
      `ar_${tag}`,
      'Request sent back for revision',
      `Request ar_${tag} was sent back to you for revision.`,
      `/approvals/ar_${tag}`,
      at(60_000),
      `e2e:${tag}:1`,
    );
    insert.run(
      `ntf_${randomUUID()}`,
      user.id,
      'package.completed',
      'package',
      `pkg_${tag}`,
      'Package completed',
      `Package "Acme NDA with a rather long reference for a phone" (pkg_${tag}) was signed by every signer.`,
      `/packages/pkg_${tag}`,
      at(0),
      `e2e:${tag}:2`,
    );
  } finally {
    file.close();
  }
}

test.describe('notifications', () => {
  test('the bell counts what is unread, lists it newest first with links, marks read; fits 1360 and 390 px', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1360, height: 900 });
    await signIn(page, 'operator');
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    // Start from nothing unread, whatever an earlier run left.
    await page.request.post('/api/notifications/read', { data: { all: true }, headers: { origin: new URL(page.url()).origin } });
    const tag = randomUUID().slice(0, 8);
    seedNotifications('operator@signdesk.local', tag);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();

    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    const links = panel.getByRole('link').filter({ hasText: tag });
    await expect(links.first()).toContainText('Package completed');
    await expect(links.first()).toHaveAttribute('href', `/packages/pkg_${tag}`);
    await expect(links.nth(1)).toContainText('Request sent back for revision');
    await expect(links.nth(1)).toHaveAttribute('href', `/approvals/ar_${tag}`);
    await expectAccessible(page);
    await snap(page, 'notifications-panel');
    await page.setViewportSize({ width: 390, height: 900 });
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectPhoneFits(page, 'notifications-panel-phone');

    await panel.getByRole('button', { name: 'Mark read: Request sent back for revision' }).click();
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
  });
});
