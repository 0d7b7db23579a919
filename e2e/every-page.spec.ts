import { newIdempotencyKey } from '../lib/idempotency.ts';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, sidewaysOverflow, signIn, test } from './fixtures.ts';

// Issue 10: no page scrolls sideways, and axe finds nothing serious or critical on any page.
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
  ];
}

for (const width of WIDTHS) {
  test(`every page at ${width} px: nothing scrolls sideways, and axe finds nothing serious`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin');
    const wide: string[] = [];
    for (const path of await pages(page)) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
      const over = await sidewaysOverflow(page);
      if (over) wide.push(`${path}: ${over}`);
      await test.step(`axe ${path}`, () => expectAccessible(page));
    }
    expect(wide, `pages wider than ${width} px`).toEqual([]);
  });
}
