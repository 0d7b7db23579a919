import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Role } from '../lib/roles.ts';
import { mapIdsInString } from '../sandbox/http/dialect-ids.ts';
import { E2E_CONTROL_TOKEN, E2E_DEMO_PASSWORD, SANDBOX_PORT } from '../playwright.config.ts';

export { expect, test } from '@playwright/test';

/**
 * The dialect the sandbox behind these journeys speaks (scripts/test-all.ts runs the journeys
 * tagged @dialect against the alternate one): where a journey shows something that rests on a
 * field the spec does not name, it expects the console's fallback there instead.
 */
export const DIALECT: 'standard' | 'alternate' = process.env.SANDBOX_DIALECT === 'alternate' ? 'alternate' : 'standard';

/** Text or a URL naming seeded records, with their identifiers as the journey's API names them. */
export const apiId = (text: string) => (DIALECT === 'alternate' ? mapIdsInString(text, 'out') : text);
/** The same for an expected URL pattern. */
export const apiRe = (pattern: RegExp) => new RegExp(apiId(pattern.source), pattern.flags);

/**
 * Signs in as the demo account of a role: through the real form, once per role and worker.
 * Lands on home, or on `at`: the page a journey starts from, opened at once rather than after
 * home (a page load costs the two cores about half a CPU-second, browser and console).
 */
export async function signIn(page: Page, role: Role, { at = '/' }: { at?: string } = {}) {
  // One sign-in through the form per role and worker: later journeys start from its session
  // cookie (in a context of their own), so two cores spend their time on what each journey is
  // about rather than on scrypt (each sign-in verifies a password at full cost). A session that
  // ended meanwhile (a journey signed out) lands on the sign-in page, and the form is used again.
  const kept = signedIn.get(role);
  if (kept) {
    await page.context().addCookies(kept);
    await page.goto(at);
    if (!new URL(page.url()).pathname.startsWith('/sign-in')) {
      if (at === '/') await expect(page.getByRole('navigation', { name: 'Areas' })).toBeVisible();
      return;
    }
    signedIn.delete(role);
  }
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(`${role}@signdesk.local`);
  await page.getByLabel('Password').fill(E2E_DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Areas' })).toBeVisible();
  signedIn.set(role, await page.context().cookies());
  if (at !== '/') await page.goto(at);
}
const signedIn = new Map<Role, Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>>();

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The axe-core @axe-core/playwright depends on (its own version, not another package's). */
const axeSource = (): string => {
  const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  return (fromAxePlaywright('axe-core') as { source: string }).source;
};

/**
 * axe-core over the current page: no serious or critical violation is allowed.
 *
 * The axe-core that @axe-core/playwright uses, injected once per document (a client-side
 * navigation keeps it) and run in the page itself. AxeBuilder's own analyze() injects it again
 * on every call and finishes each run in a new tab; here a check costs a third of that, which
 * was about a fifth of the journeys' time. The console's pages have no frames for axe to enter.
 */
export async function expectAccessible(page: Page) {
  await settleAnimations(page);
  // A client-side navigation (a new search in the URL too) puts the page's <title> back a moment
  // after its content; a check that quick would report the gap. A page without one still fails.
  await expect.poll(() => page.evaluate(() => document.title), { message: 'the page has a title' }).not.toBe('');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    AXE_TAGS,
  );
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}

/**
 * Waits for the finite animations and transitions running now (a toast fading in), so axe
 * never measures the contrast of a half-faded element; endless ones (spinners, skeleton
 * pulses) would never finish and are left alone.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** What reaches past the viewport's right edge (outside any scroll container of its own), if anything. */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const doc = document.documentElement;
    if (doc.scrollWidth <= doc.clientWidth) return null;
    const scrolls = (el: Element) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1)
      .filter((el) => ![...ancestors(el)].some(scrolls))
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`,
      );
    function* ancestors(el: Element) {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) yield p;
    }
    return `${doc.scrollWidth - doc.clientWidth} px too wide: ${culprits.join(', ')}`;
  });

/** On a phone (390 px): nothing scrolls sideways and axe finds nothing serious; the viewport is restored after. */
export async function expectPhoneFits(page: Page, shot: string) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(() => sidewaysOverflow(page), { message: 'page wider than 390 px' }).toBeNull();
  await expectAccessible(page);
  await snap(page, shot);
  if (before) await page.setViewportSize(before);
}

/**
 * Each journey leaves a full-page screenshot under e2e/output/, for a person to look at; CI
 * has nobody to look and spends its two cores on the journeys (a failure keeps its own).
 */
export async function snap(page: Page, name: string) {
  if (process.env.CI) return;
  mkdirSync('e2e/output', { recursive: true });
  await page.screenshot({ path: `e2e/output/${name}.png`, fullPage: true });
}

/** The sandbox control plane, for arranging a scene (a reviewer's decision, a fault). */
export async function control(path: string, body: unknown = {}) {
  const res = await fetch(`http://127.0.0.1:${SANDBOX_PORT}/__sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-control': E2E_CONTROL_TOKEN },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** "Next unreviewed page" until every page of the populated PDF has been on screen. */
export async function reviewAllPages(page: Page) {
  const progress = page.getByTestId('review-progress');
  await expect(progress).toBeVisible({ timeout: 20_000 });
  const next = page.getByRole('button', { name: 'Next unreviewed page' });
  for (let jumps = 0; jumps < 250 && (await next.isVisible()); jumps++) {
    const before = await progress.textContent();
    try {
      await next.click({ timeout: 5_000 });
    } catch (err) {
      // Pages still being drawn may finish the review between the look and the click.
      if (await next.isVisible()) throw err;
    }
    // Each jump lands on a page not yet reviewed, so the count moves (or the button goes).
    await expect(async () => {
      expect((await next.isVisible()) ? await progress.textContent() : 'done').not.toBe(before);
    }).toPass({ timeout: 10_000 });
  }
  await expect(progress).toHaveText(/Reviewed (\d+) of \1 pages?$/);
}

/** Walks a send review as the sender must before confirming: every page, then the summary down to the confirmation. */
export async function reviewEveryPage(page: Page) {
  await reviewAllPages(page);
  await page.getByText(/^I have reviewed the populated document/).scrollIntoViewIfNeeded();
  await expect(page.getByLabel(/I have reviewed the populated document/)).toBeEnabled();
}

/** The sandbox's active fault rules, as the control plane lists them (a counted rule leaves once spent). */
export async function faultRules() {
  const res = await fetch(`http://127.0.0.1:${SANDBOX_PORT}/__sandbox/faults`, {
    headers: { 'x-sandbox-control': E2E_CONTROL_TOKEN },
  });
  if (!res.ok) throw new Error(`control GET /faults: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { rules: Record<string, unknown>[] }).rules;
}

/** A fieldset of the send form by its legend. */
export const group = (page: Page, name: string): Locator => page.getByRole('group', { name });

/**
 * Fills the send form's details for the mutual NDA; `choose: false` when a link already chose
 * the template. The expiry is always chosen: there is no default. The list search finds a
 * package by its signers' names, so a unique `counterpartySigner` lets a journey count its own.
 */
export async function fillNda(page: Page, counterparty: string, { choose = true, counterpartySigner = 'Alan Turing' } = {}) {
  if (choose) await page.getByRole('radio', { name: /Mutual non-disclosure agreement/ }).check();
  const values = group(page, 'Values in the document');
  await values.getByLabel('Counterparty name').fill(counterparty);
  await values.getByLabel('Effective date').fill('2026-01-15');
  const company = group(page, 'Signer: Company signatory');
  await company.getByLabel('Name').fill('Grace Hopper');
  await company.getByLabel('E-mail').fill('grace@example.com');
  await company.getByLabel('Phone').fill('+4915112345678');
  const counter = group(page, 'Signer: Counterparty signatory');
  await counter.getByLabel('Name').fill(counterpartySigner);
  await counter.getByLabel('E-mail').fill('alan@example.com');
  await counter.getByLabel('Phone').fill('+442071234567');
  await group(page, 'Expiry').getByLabel('Days to sign').fill('21');
}

/**
 * Runs the page's clock (installed before it loaded) past the browser's automatic retries of a
 * failing read, a leap at a time so each attempt's real request gets answered in between.
 */
export async function outlastRetries(page: Page, final: Locator) {
  await expect(async () => {
    await page.clock.runFor(31_000);
    await expect(final).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
}

/** Mutations through the console need the page's own origin (the routes refuse cross-site calls). */
export function originOf(page: Page) {
  return new URL(page.url()).origin;
}

export async function post(request: APIRequestContext, page: Page, path: string, data: unknown, key?: string) {
  return request.post(path, { data, headers: { origin: originOf(page), ...(key ? { 'idempotency-key': key } : {}) } });
}

/** An NDA's preview request: `counterparty` signs for the other side, Grace Hopper `tag` for ours. */
export const ndaPreview = (counterparty: string, tag: string, expiresInDays = 30, extra: Record<string, unknown> = {}) => ({
  template_id: 'dst_nda',
  expires_in_days: expiresInDays,
  ...extra,
  sender_values: { counterparty_name: counterparty, effective_date: '2026-03-01' },
  signers: [
    {
      slot_id: 'company_signer',
      name: `Grace Hopper ${tag}`,
      email: 'grace@example.com',
      phone: '+4915112345678',
      recipient_kind: 'external',
    },
    {
      slot_id: 'counterparty_signer',
      name: counterparty,
      email: 'counter@example.com',
      phone: '+4915187654321',
      recipient_kind: 'external',
    },
  ],
});

/** Previews and sends an NDA through the console's API as the signed-in sender; answers the package id. */
export async function sendNdaViaApi(page: Page, counterparty: string, tag: string, expiresInDays = 30) {
  const preview = await post(page.request, page, '/api/packages/preview', ndaPreview(counterparty, tag, expiresInDays));
  expect(preview.status(), await preview.text()).toBe(200);
  const { preview_token } = (await preview.json()) as { preview_token: string };
  const sent = await post(
    page.request,
    page,
    '/api/packages',
    { template_id: 'dst_nda', preview_token, confirmed: true },
    `e2e-${tag}-${Math.random().toString(36).slice(2)}`,
  );
  expect(sent.status(), await sent.text()).toBe(200);
  return ((await sent.json()) as { id: string }).id;
}
