import { newIdempotencyKey } from '../lib/idempotency.ts';
import type { Page } from '@playwright/test';
import { helpHref } from '../lib/help/help-topics.ts';
import { expect, signIn, snap, test } from './fixtures.ts';

// Issue 40: on a phone (390 px) every screen's Help link is there to tap: visible, inside the
// screen's width, covered by nothing, and opening the guide's section for that screen. An admin
// sees every screen; details are reached with real ids.

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
      external_id: newIdempotencyKey('e2e-help-phone'),
      form_data: { system: 'crm', access_level: 'read', justification: 'Help on a phone', access_until: '2027-01-31' },
      submit: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function screens(page: Page): Promise<string[]> {
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
  ];
}

test('at 390 px every screen’s Help link is on screen to tap, and opens that screen’s section of the guide', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  const missing: string[] = [];
  for (const path of await screens(page)) {
    await page.goto(path);
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator('main h1').first()).toBeVisible();
    const pathname = new URL(page.url()).pathname;
    const help = page.getByRole('link', { name: 'Help for this screen (opens in a new tab)' });
    if ((await help.count()) !== 1) {
      missing.push(`${path}: ${await help.count()} Help links`);
      continue;
    }
    await expect(help, `${path}: the link to this screen's section`).toHaveAttribute('href', helpHref(pathname)!);
    await help.scrollIntoViewIfNeeded();
    const box = await help.boundingBox();
    if (!box || box.x < 0 || box.x + box.width > 390 || box.height < 1) {
      missing.push(`${path}: the Help link is outside the screen (${JSON.stringify(box)})`);
      continue;
    }
    // Visible, steady, enabled and not covered by anything: what a tap needs.
    await help
      .click({ trial: true, timeout: 5_000 })
      .catch((err: Error) => missing.push(`${path}: ${err.message.split('\n')[0]}`));
  }
  expect(missing, 'screens without a Help link to tap at 390 px').toEqual([]);
  // A catalog record's page, whose Help link sits by the record's name, at both widths.
  await page.goto('/catalog/document-sign-templates/dst_nda');
  await expect(page.getByRole('link', { name: 'Help for this screen (opens in a new tab)' })).toBeVisible();
  await snap(page, 'help-phone-catalog-record');
  await page.setViewportSize({ width: 1360, height: 900 });
  await snap(page, 'help-desktop-catalog-record');
  await page.setViewportSize({ width: 390, height: 844 });

  // One tap, followed: the guide opens in a new tab at the screen's own section.
  await page.goto('/packages/bulk');
  const [guide] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Help for this screen (opens in a new tab)' }).click(),
  ]);
  await guide.waitForURL((url) => url.pathname === '/help/sender' && url.hash === '#bulk-send');
  await expect(guide.locator('#bulk-send')).toBeVisible();
  await guide.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'help-phone-bulk');
  await snap(guide, 'help-phone-guide');
});
