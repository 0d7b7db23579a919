import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { expect, expectAccessible, expectPhoneFits, originOf, signIn, snap, test } from './fixtures';

// Notification settings and an e-mail's unsubscribe page (issue 37). The journeys' console has no
// SMTP_URL: the page says e-mail is not configured and its e-mail column is disabled, not hidden.
// The unsubscribe link is made here as the mail job makes it (an HMAC under a key derived from the
// console's session password, over the person, kind, channel and the preference's version).
const DIR = `.data/e2e-${process.env.E2E_PORT ?? 3100}/console`;
const PREFS = '/api/account/notification-preferences';

function linkToken(email: string, kind: string) {
  const file = new Database(`${DIR}/console.db`, { readonly: true });
  try {
    const user = file.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string };
    const cell = file
      .prepare("SELECT version FROM notification_preferences WHERE user_id = ? AND kind = ? AND channel = 'email'")
      .get(user.id, kind) as { version: number } | undefined;
    const secret = (process.env.SESSION_PASSWORD || readFileSync(`${DIR}/session-password`, 'utf8')).split(',')[0]!.trim();
    const body = Buffer.from(JSON.stringify([user.id, kind, 'email', cell?.version ?? 0])).toString('base64url');
    return `${body}.${createHmac('sha256', `signdesk unsubscribe\n${secret}`).update(body).digest('base64url')}`;
  } finally {
    file.close();
  }
}

test.describe('notification settings', () => {
  test('reached from the bell and the header; e-mail off says so; a change is guarded, saved and kept; fits 1360 and 390 px', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1360, height: 900 });
    await signIn(page, 'sender');
    await expect(page.getByTitle('Your notification settings')).toHaveAttribute('href', '/account/notifications');
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/account\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notification settings', level: 1 })).toBeVisible();

    await expect(page.getByRole('note').filter({ hasText: 'E-mail is not configured' })).toBeVisible();
    const declinedRow = page.getByRole('listitem').filter({ hasText: 'Package declined' });
    const inConsole = declinedRow.getByLabel('In the console');
    await expect(declinedRow.getByLabel('By e-mail')).toBeDisabled();
    await expect(declinedRow.getByLabel('By e-mail')).toHaveValue('now');
    await expect(page.getByRole('listitem').filter({ hasText: 'Package completed' }).getByLabel('By e-mail')).toHaveValue(
      'digest',
    );
    // the browser's zone is offered until one is saved
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(page.getByLabel('Time zone')).toHaveValue(zone);
    await expectAccessible(page);
    await snap(page, 'notification-settings');
    await expectPhoneFits(page, 'notification-settings-phone');

    // unsaved: leaving asks first
    await inConsole.selectOption('off');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await expect(dialog.getByRole('button', { name: 'Save and leave' })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/account\/notifications$/);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification settings saved.')).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: 'Package declined' }).getByLabel('In the console')).toHaveValue(
      'off',
    );

    // the leave dialog's "Save and leave" keeps the work, then leaves
    await page.getByRole('listitem').filter({ hasText: 'Package expired' }).getByLabel('In the console').selectOption('off');
    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
    await dialog.getByRole('button', { name: 'Save and leave' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/account/notifications');
    await expect(page.getByRole('listitem').filter({ hasText: 'Package expired' }).getByLabel('In the console')).toHaveValue(
      'off',
    );

    // back as it was, for whoever runs next
    const restored = await page.request.put(PREFS, {
      data: {
        choices: ['package.declined', 'package.expired'].map((kind) => ({ kind, console: 'now', email: 'now' })),
        digest_hour: 8,
        time_zone: zone,
      },
      headers: { origin: originOf(page) },
    });
    expect(restored.ok()).toBe(true);
  });

  test('an unsubscribe link: a page without signing in, a button, done once; a forged link is refused; fits 1360 and 390 px', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } }); // no session
    const page = await context.newPage();
    const token = linkToken('sender@signdesk.local', 'package.expired');

    await page.goto(`/unsubscribe/${token}`);
    await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
    await expect(page.getByText('Stop e-mail of “Package expired” from Signdesk?')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'unsubscribe');
    await expectPhoneFits(page, 'unsubscribe-phone');

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status')).toHaveText('Done: you no longer get e-mail of “Package expired”.');
    await expectAccessible(page);
    await page.goto(`/unsubscribe/${token}`);
    await expect(page.getByRole('status')).toContainText('This is already done');

    const [body, sig] = token.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify(['usr_x', 'package.expired', 'email', 0])).toString('base64url')}.${sig}`;
    const reply = await page.goto(`/unsubscribe/${forged}`);
    expect(reply?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'unsubscribe-forged');
    const altered = await page.goto(`/unsubscribe/${body}.${sig.slice(0, -4)}AAAA`);
    expect(altered?.status()).toBe(404);
    await context.close();

    // back as it was, for whoever runs next
    const signedIn = await browser.newPage();
    await signIn(signedIn, 'sender');
    const put = await signedIn.request.put(PREFS, {
      data: { choices: [{ kind: 'package.expired', console: 'now', email: 'now' }], digest_hour: 8, time_zone: 'UTC' },
      headers: { origin: originOf(signedIn) },
    });
    expect(put.ok()).toBe(true);
    await signedIn.close();
  });
});
