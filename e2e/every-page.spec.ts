import { newIdempotencyKey } from '../lib/idempotency.ts';
import type { Page } from '@playwright/test';
import { helpHref } from '../lib/help/help-topics.ts';
import { expect, expectAccessible, sidewaysOverflow, signIn, snap, test } from './fixtures.ts';

// Issue 10: no page scrolls sideways, and axe finds nothing serious or critical on any page.
// Issue 40: on each, at both widths (a phone too), the Help link is there to tap: visible,
// inside the screen's width, covered by nothing, and opening the guide's section for that screen.
// An admin sees every area; details are reached with real ids. 390 px is a phone: tables
// wider than that scroll inside their own container, which the test allows.
const WIDTHS = [1360, 390] as const;

async function firstId(page: Page, path: string): Promise<string> {
  const res = await page.request.get(path);
  expect(res.ok(), `${path} answers`).toBe(true);
  const body = (await res.json()) as { data: { id: string }[] };
  expect(body.data.length, `${path} has an item`).toBeGreaterThan(0);
  return body.data[0]!.id;
}

/** An approval request to open: the first there is, or one submitted now (a fresh sandbox has none). */
async function anApprovalRequest(page: Page): Promise<string> {
  const listed = (await (await page.request.get('/api/approval-requests')).json()) as { data: { id: string }[] };
  if (listed.data[0]) return listed.data[0].id;
  const res = await page.request.post('/api/approval-requests', {
    headers: { origin: new URL(page.url()).origin, 'idempotency-key': newIdempotencyKey('e2e') },
    data: {
      workflow_id: 'wf_access',
      workflow_release_id: 'wf_access@2',
      external_id: newIdempotencyKey('e2e-every-page'),
      form_data: { system: 'crm', access_level: 'read', justification: 'Every page is visited', access_until: '2027-01-31' },
      submit: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function pages(page: Page): Promise<string[]> {
  const [category, template, workflow, form, approval] = await Promise.all([
    firstId(page, '/api/categories'),
    firstId(page, '/api/request-templates'),
    firstId(page, '/api/approval-workflows'),
    firstId(page, '/api/request-forms'),
    anApprovalRequest(page),
  ]);
  return [
    '/',
    '/catalog/categories',
    `/catalog/categories/${category}`,
    '/catalog/request-templates',
    `/catalog/request-templates/${template}`,
    '/catalog/approval-workflows',
    `/catalog/approval-workflows/${workflow}`,
    '/catalog/request-forms',
    `/catalog/request-forms/${form}`,
    '/catalog/document-sign-templates',
    '/catalog/document-sign-templates/dst_nda',
    '/documents',
    '/approvals',
    `/approvals/${approval}`,
    '/approvals/new',
    '/approvals/drafts',
    '/packages',
    '/packages/new',
    '/packages/drafts',
    '/packages/recipients',
    '/packages/bulk',
    '/packages/bulk/new?template=dst_nda',
    '/admin/users',
    '/admin/teams',
    '/admin/audit',
    '/admin/jobs',
    '/admin/sandbox',
    '/account/notifications',
  ];
}

for (const width of WIDTHS) {
  test(`every page at ${width} px: nothing scrolls sideways, and axe finds nothing serious`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin');
    const wide: string[] = [];
    const helpless: string[] = [];
    for (const path of await pages(page)) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
      const over = await sidewaysOverflow(page);
      if (over) wide.push(`${path}: ${over}`);
      await test.step(`axe ${path}`, () => expectAccessible(page));
      const problem = await helpLinkProblem(page, width);
      if (problem) helpless.push(`${path}: ${problem}`);
    }
    expect(wide, `pages wider than ${width} px`).toEqual([]);
    expect(helpless, `screens without a Help link to tap at ${width} px`).toEqual([]);
  });
}

const HELP = 'Help for this screen (opens in a new tab)';

/** Why this screen's Help link cannot be tapped at `width`, or null when it can. */
async function helpLinkProblem(page: Page, width: number): Promise<string | null> {
  const help = page.getByRole('link', { name: HELP });
  const count = await help.count();
  if (count !== 1) return `${count} Help links`;
  const href = await help.getAttribute('href');
  const wanted = helpHref(new URL(page.url()).pathname);
  if (href !== wanted) return `the Help link opens ${href}, not ${wanted}`;
  await help.scrollIntoViewIfNeeded();
  const box = await help.boundingBox();
  if (!box || box.x < 0 || box.x + box.width > width || box.height < 1)
    return `the Help link is outside the screen (${JSON.stringify(box)})`;
  // Visible, steady, enabled and not covered by anything: what a tap needs.
  return help.click({ trial: true, timeout: 5_000 }).then(
    () => null,
    (err: Error) => err.message.split('\n')[0] ?? 'not tappable',
  );
}

test('on a phone, a tap on Help opens the guide at the screen’s own section', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  // A catalog record's page, whose Help link sits by the record's name, at both widths.
  await page.goto('/catalog/document-sign-templates/dst_nda');
  await expect(page.getByRole('link', { name: HELP })).toBeVisible();
  await snap(page, 'help-phone-catalog-record');
  await page.setViewportSize({ width: 1360, height: 900 });
  await snap(page, 'help-desktop-catalog-record');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/packages/bulk');
  const [guide] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: HELP }).click()]);
  await guide.waitForURL((url) => url.pathname === '/help/sender' && url.hash === '#bulk-send');
  await expect(guide.locator('#bulk-send')).toBeVisible();
  await guide.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'help-phone-bulk');
  await snap(guide, 'help-phone-guide');
});
