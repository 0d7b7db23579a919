import { E2E_DEMO_PASSWORD } from '../playwright.config.ts';
import { expect, test } from './fixtures';

// ?next= after sign-in must only ever lead to a path of this console. Each target is written
// as an attacker would put it in a link; the browser decodes and repairs URLs in ways string
// checks miss (a tab inside "/\t/evil" disappears and leaves "//evil").
const BYPASSES = [
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0d%0a/evil.example',
  '//evil.example',
  '///evil.example',
  '/%5Cevil.example',
  '/%5C/evil.example',
  '%5C%5Cevil.example',
  '/.//evil.example',
  '%2F%2Fevil.example',
  'https://evil.example/catalog',
  '//127.0.0.1.evil.example/',
  'javascript:alert(document.domain)',
  'data:text/html,hi',
];

test.describe('sign-in redirect', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const target of BYPASSES) {
    test(`?next=${target} stays on the console`, async ({ page, baseURL }) => {
      const offSite: string[] = [];
      page.on('request', (req) => {
        if (new URL(req.url()).origin !== new URL(baseURL!).origin && !req.url().startsWith('data:')) offSite.push(req.url());
      });
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto(`/sign-in?next=${target}`);
      await page.getByLabel('E-mail').fill('viewer@signdesk.local');
      await page.getByLabel('Password').fill(E2E_DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('navigation', { name: 'Areas' })).toBeVisible();
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(offSite).toEqual([]);
      expect(dialogs).toEqual([]);
    });
  }

  test('a path of the console is followed, with its query', async ({ page }) => {
    await page.goto(`/sign-in?next=${encodeURIComponent('/catalog/request-templates?q=leave')}`);
    await page.getByLabel('E-mail').fill('viewer@signdesk.local');
    await page.getByLabel('Password').fill(E2E_DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/catalog\/request-templates\?q=leave$/);
  });

  test('an already signed-in visit to sign-in follows only a safe target', async ({ page, baseURL }) => {
    await page.goto('/sign-in');
    await page.getByLabel('E-mail').fill('viewer@signdesk.local');
    await page.getByLabel('Password').fill(E2E_DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('navigation', { name: 'Areas' })).toBeVisible();
    await page.goto('/sign-in?next=/%09/evil.example');
    await expect(page.getByRole('navigation', { name: 'Areas' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  });
});
