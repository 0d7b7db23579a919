import { ROLES, AREAS, can } from '../lib/roles.ts';
import { expect, expectAccessible, signIn, snap, test } from './fixtures.ts';

test.describe('sign-in and areas by role', () => {
  for (const role of ROLES) {
    test(`${role} sees only the areas the role may use`, async ({ page }) => {
      await signIn(page, role);
      const nav = page.getByRole('navigation', { name: 'Areas' });
      for (const area of AREAS) {
        // Home's name carries its count ("Home, 2 need you").
        const link = nav.getByRole('link', { name: new RegExp(`^${area.label}(,|$)`) });
        if (can([role], area.permission)) await expect(link).toBeVisible();
        else await expect(link).toHaveCount(0);
      }
      await expect(page.getByText('Connected to the embedded sandbox')).toBeVisible();
      await expect(page.getByText(`Demo ${role}`)).toBeVisible();
      await snap(page, `shell-${role}`);
    });
  }

  test('an unknown address shows the console’s own 404 with the navigation and a way on; an unknown API path answers JSON', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    const res = await page.goto('/no-such-page/here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Areas' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'shell-not-found');
    await page.getByRole('link', { name: 'Go to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const api = await page.request.get('/api/no-such-route');
    expect(api.status()).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('ROUTE_NOT_FOUND');
  });

  for (const width of [1360, 390]) {
    test(`at ${width} px the header's band and the sandbox note reach both edges of the window`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, 'operator');
      const windowWidth = await page.evaluate(() => window.innerWidth);
      for (const band of [
        page.getByRole('banner'),
        page.getByRole('note').filter({ hasText: 'Connected to the embedded sandbox' }),
      ]) {
        const box = (await band.boundingBox())!;
        expect(box.x).toBe(0);
        expect(box.width).toBe(windowWidth);
      }
    });
  }

  for (const width of [1360, 390]) {
    test(`the sign-in page at ${width} px is accessible and refuses a wrong password without saying why`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/sign-in');
      await expectAccessible(page);
      await page.getByLabel('E-mail').fill('viewer@signdesk.local');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'incorrect' })).toHaveText('The e-mail or password is incorrect.');
      await expect(page.getByLabel('E-mail')).toHaveValue('viewer@signdesk.local');
      // The keyboard is where the user types next: the cleared password, after every refusal.
      await expect(page.getByLabel('Password')).toBeFocused();
      await expect(page.getByLabel('Password')).toHaveValue('');
      await page.keyboard.type('wrong-again');
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Password')).toHaveValue('');
      await expect(page.getByLabel('Password')).toBeFocused();
    });

    test(`at ${width} px a skip link is the first stop of the keyboard and leads past the navigation`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, 'viewer', { at: '/catalog/categories' });
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main#main')).toBeFocused();
      // The next stop is inside the page, not the header's navigation.
      await page.keyboard.press('Tab');
      const inHeader = await page.evaluate(() => Boolean(document.activeElement?.closest('header')));
      expect(inHeader).toBe(false);
    });
  }

  // CI once failed on a sonner toast measured mid fade-in: axe waits for finite animations.
  test('axe measures an element fading in only once it has finished', async ({ page }) => {
    await page.goto('/sign-in');
    await page.addStyleTag({ content: '@keyframes e2e-fade { from { opacity: 0.2 } to { opacity: 1 } }' });
    await page.evaluate(() => {
      const note = document.createElement('p');
      note.textContent = 'A toast that fades in';
      note.style.cssText = 'color: #334155; background: #fff; animation: e2e-fade 2s linear';
      document.querySelector('main, body')!.prepend(note);
    });
    await expectAccessible(page);
  });

  test('a page opened without a session leads to sign-in and back', async ({ page }) => {
    await page.goto('/catalog/categories?q=fin');
    await expect(page).toHaveURL(/\/sign-in\?next=/);
    await page.getByLabel('E-mail').fill('viewer@signdesk.local');
    await page.getByLabel('Password').fill((await import('../playwright.config.ts')).E2E_DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/catalog\/categories\?q=fin/);
  });

  for (const width of [1360, 390]) {
    test(`a toast at ${width} px never covers the header's controls, and one failure said twice is one toast`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, 'viewer');
      await page.route('**/api/auth/sign-out', (route) =>
        route.fulfill({ status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'x' } } }),
      );
      const signOut = page.getByRole('button', { name: 'Sign out' });
      await signOut.click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Sign-out failed. Try again.' });
      await expect(toast).toBeVisible();
      await expect(toast).toHaveCount(1);
      const header = (await page.getByRole('banner').boundingBox())!;
      const box = (await toast.boundingBox())!;
      expect(box.y, 'the toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
      // Its close button sits inside the toast's corner, not astride its edge: both measured in
      // one frame, since the toast may still be sliding in.
      const inside = await toast.evaluate((el) => {
        const t = el.getBoundingClientRect();
        const c = el.querySelector('button[aria-label*="lose"]')!.getBoundingClientRect();
        return c.left >= t.left && c.top >= t.top && c.right <= t.right && c.bottom <= t.bottom;
      });
      expect(inside).toBe(true);
      // The header's controls stay usable while the toast is up.
      await expect(signOut).toBeEnabled();
      await signOut.click();
      // The same failure again replaces its toast instead of stacking a second one.
      await expect(toast).toHaveCount(1);
    });
  }

  test('sign-out ends the session', async ({ page, browser, baseURL }) => {
    // Sign-out ends every session of the account, so this journey uses an account of its own
    // rather than a demo account that parallel journeys are signed in with.
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signIn(adminPage, 'admin');
    const email = `signout-${Date.now()}@example.test`;
    const password = 'sign-out-journey-password';
    const created = await adminPage.request.post('/api/admin/users', {
      data: { email, name: 'Sign-out journey', password, roles: ['viewer'] },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(200);
    await admin.close();

    await page.goto('/sign-in');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('navigation', { name: 'Areas' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in\?signed_out=1/);
    await page.goto('/catalog');
    await expect(page).toHaveURL(/\/sign-in/);
  });
});

// The icon is app/icon.svg (Next's file convention): served to anyone, session or not, and linked from every page.
test('the favicon is served without a session and linked from the page', async ({ page, request }) => {
  const res = await request.get('/icon.svg', { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('image/svg+xml');
  await page.goto('/sign-in');
  await expect(page.locator('link[rel="icon"][href^="/icon.svg"]')).toHaveCount(1);
});

// WCAG 2.3.3: with "reduce motion" set, spinners and skeletons hold still. The journeys all run
// so (playwright.config.ts); this one also looks at a user who did not ask for it.
test('spinners and skeleton pulses move only for a user who has not asked for reduced motion', async ({ page }) => {
  await signIn(page, 'operator');
  const motion = (className: string) =>
    page.evaluate((cls) => {
      const el = document.createElement('div');
      el.className = cls;
      document.body.append(el);
      const timing = el.getAnimations().map((a) => a.effect?.getComputedTiming());
      el.remove();
      return timing.map((t) => ({ endless: t?.endTime === Infinity, ms: Number(t?.duration) }));
    }, className);
  for (const cls of ['animate-spin', 'animate-pulse']) {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await motion(cls), `${cls} for a user who has not asked`).toEqual([{ endless: true, ms: expect.any(Number) }]);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const still = await motion(cls);
    expect(
      still.some((t) => t.endless || t.ms > 1),
      `${cls} with reduced motion: ${JSON.stringify(still)}`,
    ).toBe(false);
  }
});
