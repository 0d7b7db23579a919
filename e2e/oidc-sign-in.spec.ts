import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectPhoneFits, snap, test } from './fixtures';
import { BREAK_GLASS, LOCAL_OPERATOR, PROVIDER_NAME, startOidcStack, type OidcStack } from './oidc-stack';

// Issue 25 in the browser: a console that signs its people in with the company's identity
// provider (a real OpenID Provider on loopback), roles from the provider's groups, sign-out
// that ends the provider's session too, and password sign-in off but for the break-glass admin.

let stack: OidcStack;
test.beforeAll(async () => {
  stack = await startOidcStack();
});
test.afterAll(async () => {
  await stack?.close();
});

const person = (id: string, groups: string[]) =>
  stack.idp.people.set(id, { email: `${id}@acme.test`, name: `Person ${id}`, groups });

/** From the console's sign-in page through the provider's own login form, as `id`. */
async function throughProvider(page: Page, id: string) {
  await page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${stack.idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(id);
  await page.locator('input[name="password"]').fill('the provider checks this, not Signdesk');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

const areas = (page: Page) => page.getByRole('navigation', { name: 'Areas' });

test('a person signs in through the provider with the roles of their groups, changed at the next sign-in; sign-out ends the provider’s session too', async ({
  page,
}) => {
  // The whole way runs under the console's CSP: no violation or error on any of its pages (the
  // provider's own pages are the provider's business). A read still under way when the session
  // ends is answered 401, which Chromium logs as a failed resource: that is sign-out, not a fault.
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (!msg.location().url.startsWith(stack.url)) return;
    if (/Failed to load resource: the server responded with a status of 401/.test(msg.text())) return;
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text()))
      problems.push(`${msg.type()}: ${msg.text()} (${msg.location().url})`);
  });
  person('ada', ['signdesk-senders', 'everyone']);
  await page.goto(`${stack.url}/packages`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fpackages$/);
  // Password sign-in is off: the provider is the one way offered.
  await expect(page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'oidc-sign-in');
  await expectPhoneFits(page, 'oidc-sign-in-390');

  await throughProvider(page, 'ada');
  // Back where the person was going, as a sender (the senders' group) and nothing more.
  await expect(page).toHaveURL(`${stack.url}/packages`);
  await expect(areas(page).getByRole('link', { name: 'Packages' })).toBeVisible();
  await expect(areas(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // The provider moves Ada to the admins' group; Signdesk learns it at her next sign-in.
  person('ada', ['signdesk-admins']);
  await page.getByRole('button', { name: 'Sign out' }).click();
  // The provider asks to end its own session, then sends the browser back to sign-in.
  await expect(page).toHaveURL(new RegExp(`^${stack.idp.issuer}/`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${stack.url}/sign-in?signed_out=1`);
  await expect(page.getByRole('status')).toHaveText('You are signed out.');

  // The provider's session ended too: it asks who is signing in again.
  await throughProvider(page, 'ada');
  await expect(areas(page).getByRole('link', { name: 'Admin' })).toBeVisible();
  await page.goto(`${stack.url}/admin/users`);
  const row = page.getByRole('row', { name: /ada@acme\.test/ });
  await expect(row).toContainText('Identity provider');
  await expect(row).toContainText('admin');
  // Roles of a provider's account are the provider's to give: none offered here.
  await expect(row).toContainText('Roles from its groups');
  await expect(row.getByRole('button', { name: /roles/i })).toHaveCount(0);
  await snap(page, 'oidc-users');
  expect(problems).toEqual([]);
});

test('a person in no mapped group is told so and whom to ask, and gets no session', async ({ page }) => {
  person('nobody', ['everyone', 'Signdesk-Admins']);
  await page.goto(`${stack.url}/sign-in`);
  await throughProvider(page, 'nobody');
  await expect(page).toHaveURL(`${stack.url}/sign-in?error=OIDC_NO_ROLE`);
  await expect(
    page.getByRole('alert').filter({ hasText: /no group that gives a Signdesk role.*Ask a Signdesk admin/ }),
  ).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'oidc-no-role');
  expect(((await (await page.request.get(`${stack.url}/api/auth/me`)).json()) as { user: unknown }).user ?? null).toBeNull();
  await page.goto(`${stack.url}/`);
  await expect(page).toHaveURL(/\/sign-in/);
});

test('with password sign-in off, only the break-glass admin signs in with a password, at ?local=1', async ({ page }) => {
  await page.goto(`${stack.url}/sign-in?local=1`);
  await expect(page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` })).toBeVisible();
  await expect(page.getByText('Password sign-in is for emergencies, by admins only')).toBeVisible();
  await page.getByLabel('E-mail').fill(LOCAL_OPERATOR.email);
  await page.getByLabel('Password').fill(LOCAL_OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Sign in with your company’s identity provider: password sign-in is for emergencies, by admins only.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\?local=1$/);
  await snap(page, 'oidc-local-refused');

  await page.getByLabel('E-mail').fill(BREAK_GLASS.email);
  await page.getByLabel('Password').fill(BREAK_GLASS.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(areas(page).getByRole('link', { name: 'Admin' })).toBeVisible();
  // A local account signs out of the console alone: no trip to the provider.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${stack.url}/sign-in?signed_out=1`);
});
