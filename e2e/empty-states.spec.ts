import type { Browser, Page } from '@playwright/test';
import { helpHref } from '../lib/help/help-topics.ts';
import { expect, expectAccessible, signIn, snap, test } from './fixtures.ts';

// Issue 40: a first-time user's empty lists say what the list is for, offer the first step where
// their role can take it, and link to the guide's section for the screen.
//
// The lists kept per account (bulk sends, both kinds of draft) are seen as they are: by an
// account made for this run, which has none. The lists shared by everyone (packages, approval
// requests, recipients, documents: a fresh sandbox has none of them) are empty only in a world
// nobody has used, which the journeys' shared world is not after the first run: their answers
// are read from the console and emptied on the way to the page, so the page meets the answer a
// fresh install gives.

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = 'first-day-password-40';

interface FirstVisit {
  path: string;
  title: string;
  /** the sentence saying what the list is for */
  says: RegExp;
  /** the first step, a link or button, when this account's role can take it */
  step?: { name: string; href?: string };
  /** a shared list: its console answers reach the page emptied */
  shared?: RegExp;
}

const SENDER_AND_OPERATOR: FirstVisit[] = [
  {
    path: '/packages/bulk',
    title: 'No bulk sends yet',
    says: /“Send in bulk” makes a batch of packages from a spreadsheet/,
    step: { name: 'Choose a template', href: '/catalog/document-sign-templates' },
  },
  {
    path: '/packages/drafts',
    title: 'No drafts',
    says: /“Save draft” on the send form keeps a package you are preparing/,
    step: { name: 'Send a package', href: '/packages/new' },
  },
  {
    path: '/approvals/drafts',
    title: 'No drafts',
    says: /“Save as draft” on a new request keeps it here/,
    step: { name: 'New request', href: '/approvals/new' },
  },
  {
    path: '/packages',
    title: 'No packages yet',
    says: /Send the first package from a document-sign template/,
    step: { name: 'Send a package', href: '/packages/new' },
    shared: /\/api\/packages(\?|$)/,
  },
  {
    path: '/approvals',
    title: 'No approval requests yet',
    says: /Submit the first request from an active workflow/,
    step: { name: 'New request', href: '/approvals/new' },
    shared: /\/api\/approval-requests(\?|$)/,
  },
  {
    path: '/packages/recipients',
    title: 'No recipients yet',
    says: /Recipients appear here after the first send/,
    step: { name: 'Send a package', href: '/packages/new' },
    shared: /\/api\/recipients(\?|$)/,
  },
  {
    path: '/documents',
    title: 'No documents yet',
    says: /Upload a PDF \(up to 25 MB and 200 pages\)/,
    step: { name: 'Upload a PDF' },
    shared: /\/api\/documents(\?|$)/,
  },
];

// A viewer reads packages and requests but cannot send or submit: the list says who does, and
// offers no step the viewer would be refused.
const VIEWER: FirstVisit[] = [
  {
    path: '/packages',
    title: 'No packages yet',
    says: /Packages appear here once a sender sends one/,
    shared: /\/api\/packages(\?|$)/,
  },
  {
    path: '/approvals',
    title: 'No approval requests yet',
    says: /Requests appear here once an operator submits one/,
    shared: /\/api\/approval-requests(\?|$)/,
  },
  {
    path: '/documents',
    title: 'No documents yet',
    says: /Operators and admins upload PDFs/,
    shared: /\/api\/documents(\?|$)/,
  },
];

/** An account of its own for this run, made by the admin through the console's API. */
async function newAccount(page: Page, roles: string[]): Promise<string> {
  await signIn(page, 'admin');
  const email = `first-day-${stamp()}@example.com`;
  const res = await page.request.post('/api/admin/users', {
    headers: { origin: new URL(page.url()).origin },
    data: { email, name: `First day ${roles.join(' and ')}`, password: PASSWORD, roles },
  });
  expect(res.status(), await res.text()).toBe(200);
  return email;
}

async function browserAs(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Areas' })).toBeVisible();
  return page;
}

/** A shared list's answers as a fresh install gives them: the console's own, with no rows. */
async function emptied(page: Page, api: RegExp) {
  await page.route(
    (url) => api.test(url.pathname + url.search),
    async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: unknown[]; pagination: Record<string, number> };
      expect(res.status(), `${route.request().url()} answers`).toBe(200);
      await route.fulfill({ response: res, json: { ...body, data: [], pagination: { ...body.pagination, total: 0, pages: 0 } } });
    },
  );
}

async function visit(page: Page, v: FirstVisit, shot: string) {
  await page.unrouteAll({ behavior: 'wait' });
  if (v.shared) await emptied(page, v.shared);
  await page.goto(v.path);
  const main = page.getByRole('main');
  const title = main.getByText(v.title, { exact: true });
  await expect(title, `${v.path}: the empty state`).toBeVisible({ timeout: 15_000 });
  const state = title.locator('..');
  await expect(state, `${v.path}: what the list is for`).toContainText(v.says);
  const help = state.getByRole('link', { name: 'How this screen works, in the guide' });
  await expect(help, `${v.path}: the guide's section`).toHaveAttribute('href', helpHref(v.path)!);
  if (v.step) {
    const step = state.getByRole(v.step.href ? 'link' : 'button', { name: v.step.name, exact: true });
    await expect(step, `${v.path}: the first step`).toBeVisible();
    if (v.step.href) await expect(step).toHaveAttribute('href', v.step.href);
  } else {
    await expect(
      state.getByRole('link').or(state.getByRole('button')),
      `${v.path}: no step this role would be refused`,
    ).toHaveCount(1);
  }
  await expectAccessible(page);
  await snap(page, shot);
}

test('a first-time sender and operator finds each empty list saying what to do first, with the guide a click away', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(page, ['sender', 'operator']);
  const fresh = await browserAs(browser, baseURL!, email);
  for (const v of SENDER_AND_OPERATOR) await visit(fresh, v, `empty-${v.path.slice(1).replaceAll('/', '-')}`);

  // The guide link opens the screen's own section, in this tab.
  await fresh.unrouteAll({ behavior: 'wait' });
  await fresh.goto('/packages/bulk');
  await fresh.getByRole('link', { name: 'How this screen works, in the guide' }).click();
  await fresh.waitForURL((url) => url.pathname === '/help/sender' && url.hash === '#bulk-send');
  await expect(fresh.locator('#bulk-send')).toBeVisible();
  await fresh.context().close();
});

test('a first-time viewer finds the empty lists saying who fills them, with no step they would be refused', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await newAccount(page, ['viewer']);
  const fresh = await browserAs(browser, baseURL!, email);
  for (const v of VIEWER) await visit(fresh, v, `empty-viewer-${v.path.slice(1).replaceAll('/', '-')}`);
  await fresh.context().close();
});
