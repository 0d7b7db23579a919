import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { apiId, control, expect, expectAccessible, expectPhoneFits, signIn, snap, test } from './fixtures.ts';
import { pickDocument } from './document-picker.ts';

// Approval requests: the schema-driven submission form, the detail with layers and SLA, the
// answer to a revision (draft, resubmit) and a version conflict that is re-read and shown
// before the retry. Runs beside the packages file against the same sandbox.

const run = Date.now().toString(36);
let serial = 0;
const externalId = (label: string) => `e2e-${label}-${run}-${++serial}`;

const ACCESS_DATA = {
  system: 'crm',
  access_level: 'read',
  justification: 'Quarterly sales reporting',
  access_until: '2026-12-31',
};
const LATEST_ASK = 'You are answering the reviewer’s latest request for changes.';
const DECIDED_ELSEWHERE = 'Approving and rejecting happen in the Signing service’s own approval screens, not here.';
const DRAFT_NOTE =
  /saved as a draft at the Signing API.*The API lets nobody submit, edit or delete it from here.*that workflow cannot be archived, now or later\./;
const DRAFT_KEPT =
  'A draft is kept by this console for you alone, until you submit or delete it. Reviewers see nothing before you submit.';

async function call(page: Page, method: 'POST' | 'PATCH', path: string, data: unknown) {
  const headers = { origin: new URL(page.url()).origin, 'idempotency-key': `e2e-${run}-${Math.random().toString(36).slice(2)}` };
  return method === 'POST' ? page.request.post(path, { data, headers }) : page.request.patch(path, { data, headers });
}

/** A wf_access@2 request submitted (or, with `submit: false`, saved as a draft) through the console's API by the signed-in operator. */
async function submitAccessRequest(page: Page, external: string, { submit = true } = {}) {
  const res = await call(page, 'POST', '/api/approval-requests', {
    workflow_id: 'wf_access',
    workflow_release_id: 'wf_access@2',
    external_id: external,
    form_data: ACCESS_DATA,
    submit,
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** The simulated reviewer sends the request back, asking about the justification. */
async function requestRevision(id: string) {
  await control(`/approval-requests/${id}/actions`, {
    action: 'request_revision',
    comment: 'Almost there',
    requirements: [
      { field_key: 'justification', message: 'Name the project that needs this access.' },
      { message: 'Confirm your manager agrees.' },
    ],
  });
}

async function readRevision(page: Page, id: string) {
  const res = await page.request.get(`/api/approval-requests/${id}/revision-requirements`);
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    version: number;
    task: { version: number };
    draft: { form_data: Record<string, unknown>; documents?: { field_key: string; document_id: string; name: string }[] } | null;
  };
}

/** Uploads a one-page PDF through the console as the signed-in operator; answers its id. */
async function uploadPdf(page: Page, name: string) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(`Receipt ${name}`, { x: 72, y: 760, size: 14, font });
  const res = await page.request.post('/api/documents', {
    multipart: {
      file: { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) },
      logicalPurpose: 'ATTACHMENT',
    },
    headers: { origin: new URL(page.url()).origin, 'idempotency-key': `e2e-${run}-${Math.random().toString(36).slice(2)}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const revision = (page: Page) => page.getByRole('region', { name: 'Revision' });
const fieldError = (page: Page, label: string) =>
  page
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .locator('xpath=..')
    .getByRole('alert');

test.describe('approval requests', () => {
  test(
    'an operator submits a request from the release schema and sees its layers and SLA',
    { tag: '@dialect' },
    async ({ page }) => {
      await signIn(page, 'operator');
      const taken = externalId('taken');
      await submitAccessRequest(page, taken);

      await page.goto('/approvals');
      await page.getByRole('link', { name: 'New request' }).click();
      await expect(page).toHaveURL(/\/approvals\/new$/);
      await page.getByLabel('Workflow').selectOption({ label: 'System access' });
      await expect(page.getByText(apiId('wf_access@2'))).toBeVisible();
      // The form is the release's schema: titles as labels, its enums, dates and lengths.
      await expect(page.getByLabel(/^System( \*)?$/)).toBeVisible();
      await expect(page.getByLabel('Access level')).toBeVisible();
      await expect(page.getByLabel('Business justification')).toBeVisible();
      await expect(page.getByLabel('Access until')).toHaveAttribute('type', 'date');
      await expect(page.getByLabel('External ID')).toHaveValue(/^system-access-\d{8}-[0-9a-z]+$/);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await expect(fieldError(page, 'System')).toHaveText('Required');
      await expect(fieldError(page, 'Access until')).toHaveText('Required');
      await page.getByLabel(/^System( \*)?$/).selectOption('data-warehouse');
      await page.getByLabel('Access level').selectOption('write');
      await page.getByLabel('Business justification').fill('too short');
      await page.getByLabel('Access until').fill('2026-06-30');
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await expect(fieldError(page, 'Business justification')).toHaveText('Must be at least 10 characters');
      await page.getByLabel('Business justification').fill('Building the churn dashboard for Q3');

      // The API's refusal of a duplicate external id lands on that field.
      await page.getByLabel('External ID').fill(taken);
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await expect(fieldError(page, 'External ID')).toContainText(
        `already has an approval request with the external id “${taken}”`,
      );
      await snap(page, 'approvals-new-errors');

      const mine = externalId('submit');
      await page.getByLabel('External ID').fill(mine);
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await expect(page).toHaveURL(/\/approvals\/(?!new$)[^/?#]+$/);
      await expect(page.getByText(`Request ${mine} submitted for approval.`)).toBeVisible();
      await expect(page.getByRole('heading', { name: mine })).toBeVisible();
      await expect(page.getByText('With the reviewers.')).toBeVisible();
      await expect(page.getByText(DECIDED_ELSEWHERE)).toBeVisible();
      await expect(page.getByRole('note', { name: 'About drafts' })).toHaveCount(0);

      const facts = page.locator('dl').first();
      await expect(facts).toContainText(apiId('wf_access@2'));
      await expect(facts).toContainText('Current step');
      await expect(facts).toContainText('System owner');
      await expect(facts.getByText('SLA due').locator('xpath=..')).toContainText(/\d{4}/);
      const data = page.getByRole('region', { name: 'Form data' });
      await expect(data).toContainText('Business justification');
      await expect(data).toContainText('Building the churn dashboard for Q3');
      await expect(data).toContainText('data-warehouse');
      const progress = page.getByRole('region', { name: 'Approval progress' });
      await expect(progress).toContainText('System owner');
      await expect(progress).toContainText('current');
      await expect(progress).toContainText('Due ');
      await expect(progress).toContainText('Rules may skip some');
      await expectAccessible(page);
      await snap(page, 'approvals-detail');

      await page.goto(`/approvals?q=${mine}&status=IN_PROGRESS`);
      await expect(page.getByLabel('Search requests by external ID or ID')).toHaveValue(mine);
      await expect(page.getByLabel('Status')).toHaveValue('IN_PROGRESS');
      await expect(page.getByRole('table', { name: 'Approval requests' }).getByRole('link', { name: mine })).toBeVisible();
      await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
      await page.getByLabel('Status').selectOption('NEEDS_REVISION');
      await expect(page).toHaveURL(/status=NEEDS_REVISION/);
      await expect(page.getByText('Nothing matches these filters')).toBeVisible();
      await expectAccessible(page);
      await snap(page, 'approvals-list');
    },
  );

  test(
    'the list offers the statuses it has read, marks drafts and due steps, newest activity first',
    { tag: '@dialect' },
    async ({ page }) => {
      await signIn(page, 'operator');
      const prefix = `e2e-list-${run}-`;
      const approved = externalId('list');
      const approvedId = await submitAccessRequest(page, approved);
      const [soon, late, draft] = [externalId('list'), externalId('list'), externalId('list')];
      await submitAccessRequest(page, soon);
      await submitAccessRequest(page, late);
      const draftId = await submitAccessRequest(page, draft, { submit: false });
      // The first one created is the last one touched: a reviewer approves it now.
      await control(`/approval-requests/${approvedId}/actions`, { action: 'approve' });

      // Before any answer carried another status, the filter offers the three the spec names.
      await page.goto(`/approvals?q=${prefix}&status=IN_PROGRESS`);
      const table = page.getByRole('table', { name: 'Approval requests' });
      await expect(table.getByRole('link')).toHaveText([late, soon]);
      await expect(page.getByLabel('Status').locator('option')).toHaveText(['All', 'Draft', 'In progress', 'Needs revision']);
      // A fresh step of the 8-hour layer: its due time, nothing marked.
      const row = (external: string) =>
        table.getByRole('row').filter({ has: page.getByRole('link', { name: external, exact: true }) });
      const due = (external: string) => row(external).getByRole('cell').nth(4);
      await expect(due(soon)).toContainText(/\d{4}.*UTC/);
      await expect(due(soon)).not.toContainText(/Due soon|Overdue/);

      // All statuses: the approved one was read, so the filter offers it; the page is ordered by
      // latest activity, though the sandbox answers newest-created first.
      await page.getByLabel('Status').selectOption('');
      await expect(page).not.toHaveURL(/status=/);
      await expect(table.getByRole('link')).toHaveText([approved, draft, late, soon]);
      await expect(page.getByLabel('Status').locator('option')).toHaveText([
        'All',
        'Draft',
        'In progress',
        'Needs revision',
        'Approved',
      ]);
      await expect(row(draft).getByRole('cell').nth(2)).toHaveText('Draft');
      await expect(due(draft)).toHaveText('—');
      await expect(due(approved)).toHaveText('—');
      await expectAccessible(page);

      await page.getByLabel('Status').selectOption('APPROVED');
      await expect(page).toHaveURL(/status=APPROVED/);
      await expect(table.getByRole('link')).toHaveText([approved]);
      await page.reload();
      await expect(page.getByLabel('Status')).toHaveValue('APPROVED');
      await expect(table.getByRole('link')).toHaveText([approved]);
      // Remembered across visits in this browser: a page that shows no approved request still offers the status.
      await page.goto(`/approvals?q=${prefix}&status=IN_PROGRESS`);
      await expect(table.getByRole('link')).toHaveText([late, soon]);
      await expect(page.getByLabel('Status').locator('option')).toHaveText([
        'All',
        'Draft',
        'In progress',
        'Needs revision',
        'Approved',
      ]);

      // Due soon and overdue are judged on the API's clock (the answer's date), not the browser's.
      const requestList = (url: URL) => url.pathname === '/api/approval-requests';
      await page.route(requestList, async (route) => {
        const res = await route.fetch();
        const apiNow = Date.parse(res.headers()['signing-api-date'] ?? '');
        const body = (await res.json()) as {
          data: { external_id: string; sla?: { due_at: string; breached?: boolean } | null }[];
        };
        const dueIn = (ms: number) => ({ due_at: new Date(apiNow + ms).toISOString(), breached: false });
        for (const r of body.data) {
          if (r.external_id === soon && r.sla) r.sla = { ...r.sla, ...dueIn(3_600_000) };
          if (r.external_id === late && r.sla) r.sla = { ...r.sla, ...dueIn(-3_600_000) };
        }
        await route.fulfill({ response: res, json: body });
      });
      await page.goto(`/approvals?q=${prefix}`);
      await expect(due(soon).getByText('Due soon')).toBeVisible();
      await expect(due(late).getByText('Overdue')).toBeVisible();
      await expect(due(approved)).toHaveText('—');
      await snap(page, 'approvals-list-activity');
      await expectPhoneFits(page, 'approvals-list-activity-phone');
      await page.unroute(requestList);

      // The draft's page says what a draft is, and where decisions are made.
      await table.getByRole('link', { name: draft, exact: true }).click();
      await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === `/approvals/${draftId}`);
      await expect(page.getByRole('note', { name: 'About drafts' })).toHaveText(DRAFT_NOTE);
      await expect(page.getByText(DECIDED_ELSEWHERE)).toBeVisible();
      await expectAccessible(page);
      await snap(page, 'approvals-draft-detail');
      await expectPhoneFits(page, 'approvals-draft-detail-phone');
    },
  );

  test('a stale release is refused, the newer schema loads and compatible values stay', { tag: '@dialect' }, async ({ page }) => {
    await signIn(page, 'operator');
    // The page believes release 1 is current (published before a newer one) …
    const workflowList = (url: URL) => url.pathname === '/api/approval-workflows';
    await page.route(workflowList, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { id: string; workflow_release_id: string }[] };
      for (const w of body.data) if (w.id === apiId('wf_access')) w.workflow_release_id = apiId('wf_access@1');
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/approvals/new');
    await page.getByLabel('Workflow').selectOption({ label: 'System access' });
    await expect(page.getByText(apiId('wf_access@1'))).toBeVisible();
    await expect(page.getByLabel('Access until')).toHaveCount(0);
    await page.getByLabel(/^System( \*)?$/).selectOption('erp');
    await page.getByLabel('Access level').selectOption('admin');
    await page.getByLabel('Business justification').fill('Month-end close needs journal access');
    await page.unroute(workflowList);
    // … so the API answers STALE_WORKFLOW_RELEASE, and the form moves to release 2.
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'A newer release of this workflow was published' })).toContainText(
      apiId('wf_access@2'),
    );
    await expect(page.getByLabel('Access until')).toBeVisible();
    await expect(page.getByLabel(/^System( \*)?$/)).toHaveValue('erp');
    await expect(page.getByLabel('Access level')).toHaveValue('admin');
    await expect(page.getByLabel('Business justification')).toHaveValue('Month-end close needs journal access');
    await snap(page, 'approvals-stale-release');
    await page.getByLabel('Access until').fill('2026-09-30');
    // What a draft means is said before one is saved; a draft is the console's, not the API's.
    await expect(page.getByRole('button', { name: 'Save as draft' })).toHaveAccessibleDescription(DRAFT_KEPT);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page).toHaveURL(/\/approvals\/new\?draft=rdr_[0-9a-f]+$/);
    await expect(page.getByTestId('draft-status')).toHaveText(/^Draft saved · /);
    await expect(page.getByText(apiId('wf_access@2'), { exact: true })).toBeVisible();
    // Submitting the draft submits the request on the current release, and the draft goes.
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(page).toHaveURL(/\/approvals\/(?!new$)[^/?#]+$/);
    await expect(page.getByText('With the reviewers.')).toBeVisible();
    await expect(page.locator('dl').first()).toContainText(apiId('wf_access@2'));
    await expect(page.getByRole('note', { name: 'About drafts' })).toHaveCount(0);
    await expect(page.getByText(DECIDED_ELSEWHERE)).toBeVisible();
  });

  test('a document field picks an uploaded document, which the request then lists', async ({ page }) => {
    await signIn(page, 'operator');
    const fileName = `receipt-${run}.pdf`;
    const documentId = await uploadPdf(page, fileName);

    await page.goto('/approvals/new?workflow=wf_expense');
    await expect(page.getByLabel(/^Workflow/)).toHaveValue('wf_expense');
    // The field searches the app's documents on the server.
    const receipt = page.getByRole('combobox', { name: /^Receipt/ });
    await receipt.fill(fileName);
    await expect(page.getByRole('option', { name: `${fileName} (${documentId})` })).toHaveCount(1);
    await receipt.press('Escape');
    await page.getByLabel(/^Amount/).fill('42.5');
    await page.getByLabel(/^Currency/).selectOption('EUR');
    await page.getByLabel(/^Description/).fill('Team lunch with a client');
    await page.getByLabel(/^Cost center/).fill('CC-1234');
    await page.getByLabel(/^Expense date/).fill('2026-01-20');
    await page.getByLabel('Billable to a client').check();
    // Submitting needs the required document; a draft would not.
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(fieldError(page, 'Receipt')).toHaveText('Choose a document');
    await pickDocument(page, /^Receipt/, fileName, documentId);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit for approval' }).click();

    await expect(page).toHaveURL(/\/approvals\/(?!new$)[^/?#]+$/);
    const documents = page.getByRole('region', { name: 'Documents' });
    await expect(documents).toContainText(`Receipt: ${fileName}`);
    await expect(documents.getByRole('link', { name: fileName })).toHaveAttribute('href', `/documents/${documentId}`);
    const data = page.getByRole('region', { name: 'Form data' });
    await expect(data).toContainText('Billable to a client');
    await expect(data).toContainText('Yes');
    // In the browser's locale (en-GB in these journeys): the amount in the form's currency, the date in words.
    await expect(data).toContainText('€42.50');
    await expect(data).toContainText('20 Jan 2026');
    await expect(page.getByRole('region', { name: 'Approval progress' })).toContainText('Finance');
    await snap(page, 'approvals-with-document');
  });

  test('a revision is answered with a saved draft, then resubmitted', { tag: '@dialect' }, async ({ page }) => {
    await signIn(page, 'operator');
    const id = await submitAccessRequest(page, externalId('revise'));
    await requestRevision(id);

    await page.goto(`/approvals/${id}`);
    await expect(page.getByText('A reviewer sent it back for changes.')).toBeVisible();
    // Statuses in words, never as the API's codes.
    await expect(page.locator('dl').first()).toContainText('Needs revision');
    await expect(page.getByRole('main')).not.toContainText(/IN_PROGRESS|NEEDS_REVISION|REVISION_REQUESTED/);
    const panel = revision(page);
    await expect(panel.getByRole('list', { name: 'Revision requirements' })).toContainText(
      'Business justification: Name the project that needs this access.',
    );
    await expect(panel.getByRole('list', { name: 'Revision requirements' })).toContainText('Confirm your manager agrees.');
    await expect(panel).toContainText('“Almost there”');
    await expect(panel.getByLabel('Business justification')).toHaveValue(ACCESS_DATA.justification);
    await expect(panel).toContainText('Reviewer: Name the project that needs this access.');
    await expect(panel).toContainText(LATEST_ASK);
    // No API wording: the request's and the task's versions are the console's business.
    await expect(panel).not.toContainText(/revision task|task version/i);
    await expectAccessible(page);
    await snap(page, 'approvals-revision');

    await panel.getByLabel('Business justification').fill('Quarterly sales reporting for Project Atlas');
    await panel.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Draft saved. The reviewer sees it only once you resubmit.')).toBeVisible();
    await expect(panel).toContainText(LATEST_ASK);
    expect((await readRevision(page, id)).draft?.form_data.justification).toBe('Quarterly sales reporting for Project Atlas');

    // The saved draft is where the form starts next time.
    await page.reload();
    await expect(revision(page).getByLabel('Business justification')).toHaveValue('Quarterly sales reporting for Project Atlas');
    await expect(revision(page)).toContainText('A draft answer is saved');

    await revision(page).getByLabel('Access level').selectOption('write');
    await revision(page).getByRole('button', { name: 'Resubmit' }).click();
    await expect(page.getByText('Resubmitted: the request is back with the reviewer.')).toBeVisible();
    await expect(page.getByText('With the reviewers.')).toBeVisible();
    await expect(revision(page)).toHaveCount(0);
    const data = page.getByRole('region', { name: 'Form data' });
    await expect(data).toContainText('Quarterly sales reporting for Project Atlas');
    await expect(data).toContainText('write');
    await expect(page.locator('dl').first()).toContainText('Revision round');
    const progress = page.getByRole('region', { name: 'Approval progress' });
    const steps = progress.getByRole('list', { name: 'Visited steps' }).getByRole('listitem');
    await expect(steps).toHaveCount(2);
    await expect(steps.first()).toContainText('System owner');
    await expect(steps.last()).toContainText('current');
    await expect(progress).toContainText('Revision requested');
    await expectAccessible(page);
    await snap(page, 'approvals-resubmitted');
  });

  test('what is typed in a new request survives a reload and another workflow, and leaving asks first', async ({ page }) => {
    await signIn(page, 'operator', { at: '/approvals/new' });
    await page.getByLabel('Workflow').selectOption({ label: 'System access' });
    const justification = 'Reporting for the Q3 churn review';
    await page.getByLabel(/^System( \*)?$/).selectOption('crm');
    await page.getByLabel('Business justification').fill(justification);

    // A reload loses nothing: choosing the workflow again brings the input back, and says so.
    await page.reload();
    await page.getByLabel('Workflow').selectOption({ label: 'System access' });
    await expect(page.getByRole('status').filter({ hasText: /^Restored what you typed on .+ and had not sent\./ })).toBeVisible();
    await expect(page.getByLabel('Business justification')).toHaveValue(justification);
    await expect(page.getByLabel(/^System( \*)?$/)).toHaveValue('crm');

    // Another workflow keeps what fits its fields and names what it drops.
    await page.getByLabel('Workflow').selectOption({ label: 'Purchase approval' });
    const carried = page
      .getByRole('status')
      .filter({ hasText: 'What you typed for System access was kept where this form has the same field' });
    await expect(carried).toContainText('these have no place here and stay with System access if you choose it again: System');
    await expect(page.getByLabel(/^Justification( \*)?$/)).toHaveValue(justification);
    await expect(page.getByLabel('External ID')).toHaveValue(/^purchase-approval-\d{8}-[0-9a-z]+$/);
    await expectAccessible(page);
    await snap(page, 'approvals-new-carried');

    // Leaving within the console asks; Stay keeps everything.
    await page.getByRole('link', { name: 'Cancel' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await expect(dialog).toContainText('Your unsaved request will be lost unless you choose “Save draft and leave”.');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/approvals\/new$/);
    await expect(page.getByLabel(/^Justification( \*)?$/)).toHaveValue(justification);

    // Leave means it: nothing comes back on the next visit.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
    await expect(page).toHaveURL(/\/approvals$/);
    await page.goto('/approvals/new');
    await page.getByLabel('Workflow').selectOption({ label: 'Purchase approval' });
    await expect(page.getByLabel(/^Justification( \*)?$/)).toHaveValue('');
    await page.getByLabel('Workflow').selectOption({ label: 'System access' });
    await expect(page.getByLabel('Business justification')).toHaveValue('');
    await expect(page.getByText(/^Restored what you typed/)).toHaveCount(0);
  });

  test('a new request saved as a draft stays in the console: listed, resumed, guarded against another tab, submitted or deleted', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    const origin = () => new URL(page.url()).origin;
    const mine = externalId('kept');
    await page.goto('/approvals/new');
    await page.getByLabel('Workflow').selectOption({ label: 'System access' });
    await page.getByLabel('External ID').fill(mine);
    await page.getByLabel('Business justification').fill('Half-written: which project?');
    // Leaving offers to save the draft first, and then leaves.
    await page.getByRole('link', { name: 'Cancel' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await leave.getByRole('button', { name: 'Save draft and leave' }).click();
    await expect(page).toHaveURL(/\/approvals$/);

    // The API heard nothing: no request has this external id.
    const atApi = await page.request.get(`/api/approval-requests?q=${mine}`);
    expect(((await atApi.json()) as { data: unknown[] }).data).toEqual([]);

    // Listed under Drafts, for this user; Resume brings every value back.
    await page.getByRole('navigation', { name: 'Approval views' }).getByRole('link', { name: 'Drafts' }).click();
    await expect(page).toHaveURL(/\/approvals\/drafts$/);
    const row = page.getByRole('row').filter({ hasText: mine });
    await expect(row).toContainText('System access');
    await expectAccessible(page);
    await snap(page, 'approvals-drafts-list');
    await expectPhoneFits(page, 'approvals-drafts-list-phone');
    await row.getByRole('link', { name: `Resume draft ${mine}` }).click();
    await expect(page).toHaveURL(/\/approvals\/new\?draft=rdr_[0-9a-f]+$/);
    const draftId = new URL(page.url()).searchParams.get('draft')!;
    await expect(page.getByLabel('Workflow')).toHaveValue(apiId('wf_access'));
    await expect(page.getByLabel('Business justification')).toHaveValue('Half-written: which project?');
    await expect(page.getByLabel('External ID')).toHaveValue(mine);
    await expect(page.getByTestId('draft-status')).toHaveText(/^Draft saved · /);

    // Another tab saves the draft meanwhile: this one's save is refused, never an overwrite.
    const saved = (await (await page.request.get(`/api/request-drafts/${draftId}`)).json()) as {
      version: number;
      values: Record<string, unknown>;
    };
    const other = await page.request.put(`/api/request-drafts/${draftId}`, {
      headers: { origin: origin() },
      data: {
        version: saved.version,
        workflow_id: apiId('wf_access'),
        workflow_name: 'System access',
        values: {
          ...saved.values,
          form_data: { ...(saved.values.form_data as object), justification: 'Written in the other tab' },
        },
      },
    });
    expect(other.status(), await other.text()).toBe(200);
    await page.getByLabel('Business justification').fill('Written in this tab');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'This draft was saved elsewhere' });
    await expect(conflict).toContainText('Different there: Business justification.');
    await snap(page, 'approvals-draft-conflict');
    await conflict.getByRole('button', { name: 'Load the saved draft' }).click();
    await expect(page.getByLabel('Business justification')).toHaveValue('Written in the other tab');

    // A reload of the draft's address resumes it, unsaved typing included.
    await page.getByLabel('Business justification').fill('Reporting for Project Atlas, typed after the save');
    await page.reload();
    await expect(page.getByLabel('Business justification')).toHaveValue('Reporting for Project Atlas, typed after the save');
    await expect(page.getByRole('status').filter({ hasText: /^Restored what you typed/ })).toBeVisible();

    // The other tab saves the draft again after this typing was kept: the next visit restores
    // the typing, says the draft is newer, and lets the saved one in instead.
    const current = (await (await page.request.get(`/api/request-drafts/${draftId}`)).json()) as typeof saved;
    const again = await page.request.put(`/api/request-drafts/${draftId}`, {
      headers: { origin: origin() },
      data: {
        version: current.version,
        workflow_id: apiId('wf_access'),
        workflow_name: 'System access',
        values: {
          ...current.values,
          form_data: { ...(current.values.form_data as object), justification: 'Saved again in the other tab' },
        },
      },
    });
    expect(again.status(), await again.text()).toBe(200);
    await page.reload();
    const newer = page.getByRole('alert').filter({ hasText: 'this draft was saved again elsewhere' });
    await expect(newer).toBeVisible();
    await expect(page.getByLabel('Business justification')).toHaveValue('Reporting for Project Atlas, typed after the save');
    await expectAccessible(page);
    await snap(page, 'approvals-draft-newer');
    await expectPhoneFits(page, 'approvals-draft-newer-phone');
    await newer.getByRole('button', { name: 'Load the saved draft' }).click();
    await expect(newer).toHaveCount(0);
    await expect(page.getByLabel('Business justification')).toHaveValue('Saved again in the other tab');
    await page.getByLabel('Business justification').fill('Reporting for Project Atlas, typed after the save');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByTestId('draft-status')).toHaveText(/^Draft saved · /);

    // Deleted from the list, after a confirmation; its address then says it is gone.
    await page.goto('/approvals/drafts');
    await page
      .getByRole('row')
      .filter({ hasText: mine })
      .getByRole('button', { name: `Delete draft ${mine}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this draft?' });
    await expect(confirm).toContainText('Nothing has been submitted from it.');
    await confirm.getByRole('button', { name: 'Delete draft' }).click();
    await expect(page.getByRole('row').filter({ hasText: mine })).toHaveCount(0);
    await page.goto(`/approvals/new?draft=${draftId}`);
    await expect(page.getByRole('alert').filter({ hasText: 'That draft no longer exists' })).toBeVisible();
  });

  test('an edited revision asks before leaving, survives a reload, and is saved as a draft on the way out', async ({ page }) => {
    await signIn(page, 'operator');
    const id = await submitAccessRequest(page, externalId('keep'));
    await requestRevision(id);
    await page.goto(`/approvals/${id}`);
    const edited = 'Quarterly sales reporting for Project Borealis';
    await revision(page).getByLabel('Business justification').fill(edited);

    await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Approvals' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await expect(dialog).toContainText('Your unsaved revision will be lost unless you choose “Save draft and leave”.');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`/approvals/${id}$`));

    await page.reload();
    await expect(
      revision(page)
        .getByRole('status')
        .filter({ hasText: /^Restored what you typed on .+ and had not saved\./ }),
    ).toBeVisible();
    await expect(revision(page).getByLabel('Business justification')).toHaveValue(edited);

    // Save draft and leave: saved, then gone; once saved, leaving asks nothing.
    await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Approvals' }).click();
    await dialog.getByRole('button', { name: 'Save draft and leave' }).click();
    await expect(page).toHaveURL(/\/approvals$/);
    expect((await readRevision(page, id)).draft?.form_data.justification).toBe(edited);
    await page.goto(`/approvals/${id}`);
    await expect(revision(page).getByLabel('Business justification')).toHaveValue(edited);
    await expect(revision(page).getByText(/^Restored what you typed/)).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Approvals' }).click();
    await expect(page).toHaveURL(/\/approvals$/);
  });

  test('a revision shows the attached document, keeps or replaces it, and resubmits what the field shows', async ({ page }) => {
    await signIn(page, 'operator');
    const attachedName = `attached-${run}.pdf`;
    const replacementName = `replacement-${run}.pdf`;
    const attached = await uploadPdf(page, attachedName);
    const replacement = await uploadPdf(page, replacementName);
    const created = await call(page, 'POST', '/api/approval-requests', {
      workflow_id: 'wf_expense',
      workflow_release_id: 'wf_expense@2',
      external_id: externalId('doc-revise'),
      form_data: {
        amount: 42.5,
        currency: 'EUR',
        description: 'Team lunch with a client',
        cost_center: 'CC-1234',
        expense_date: '2026-01-20',
      },
      documents: [{ document_id: attached, field_key: 'receipt', name: attachedName }],
      submit: true,
    });
    expect(created.status(), await created.text()).toBe(200);
    const id = ((await created.json()) as { id: string }).id;
    await control(`/approval-requests/${id}/actions`, {
      action: 'request_revision',
      requirements: [{ field_key: 'receipt', message: 'The scan is unreadable: attach a better one.' }],
    });

    // The required field shows the document the request carries, named as the attached one.
    await page.goto(`/approvals/${id}`);
    const receipt = revision(page).getByRole('combobox', { name: /^Receipt/ });
    await expect(receipt).toHaveValue(`${attachedName} — currently attached (${attached})`);
    await expect(revision(page)).toContainText(
      `Currently attached: ${attachedName}. Keep it, or choose another document to replace it.`,
    );
    await expectAccessible(page);

    // Kept through a saved draft and a reload.
    await revision(page).getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Draft saved. The reviewer sees it only once you resubmit.')).toBeVisible();
    expect((await readRevision(page, id)).draft?.documents).toEqual([
      expect.objectContaining({ field_key: 'receipt', document_id: attached, name: attachedName }),
    ]);
    await page.reload();
    await expect(receipt).toHaveValue(`${attachedName} — currently attached (${attached})`);

    // Replaced in a draft: after a reload the field shows the draft's document, and still offers the attached one.
    await pickDocument(revision(page), /^Receipt/, replacementName, replacement);
    await expect(revision(page)).toContainText(`Replaces ${attachedName}, which is attached now.`);
    await revision(page).getByRole('button', { name: 'Save draft' }).click();
    await expect(revision(page)).toContainText(LATEST_ASK);
    await page.reload();
    await expect(receipt).toHaveValue(`${replacementName} — saved in your draft (${replacement})`);
    await receipt.click();
    await expect(revision(page).getByRole('option', { name: `${attachedName} — currently attached (${attached})` })).toHaveCount(
      1,
    );
    await receipt.press('Escape');
    await expect(revision(page)).toContainText(`Replaces ${attachedName}, which is attached now.`);
    await snap(page, 'approvals-revision-document');

    // The resubmission carries exactly the document the field shows.
    await revision(page).getByRole('button', { name: 'Resubmit' }).click();
    await expect(page.getByText('Resubmitted: the request is back with the reviewer.')).toBeVisible();
    const documents = page.getByRole('region', { name: 'Documents' });
    await expect(documents).toContainText(`Receipt: ${replacementName}`);
    await expect(documents).not.toContainText(attachedName);
  });

  test('a version conflict is re-read and shown before the retry succeeds', { tag: '@dialect' }, async ({ page }) => {
    await signIn(page, 'operator');
    const id = await submitAccessRequest(page, externalId('conflict'));
    await requestRevision(id);
    await page.goto(`/approvals/${id}`);
    const panel = revision(page);
    await expect(panel).toContainText(LATEST_ASK);
    await panel.getByLabel('Business justification').fill('Mine: reporting for Project Atlas');

    // Someone else saves a draft behind the page's back, quoting the same versions.
    const before = await readRevision(page, id);
    const theirs = await call(page, 'PATCH', `/api/approval-requests/${id}/revision-draft`, {
      expected_version: before.version,
      expected_task_version: before.task.version,
      form_data: { ...ACCESS_DATA, justification: 'Theirs: reporting for Project Zephyr' },
    });
    expect(theirs.status(), await theirs.text()).toBe(200);
    const after = await readRevision(page, id);
    expect([after.version, after.task.version]).toEqual([before.version + 1, before.task.version + 1]);

    await panel.getByRole('button', { name: 'Resubmit' }).click();
    const notice = panel.getByRole('alert').filter({ hasText: 'This request changed while you were editing' });
    await expect(notice).toContainText('It was saved elsewhere (another tab or another person) after you opened it.');
    await expect(notice).not.toContainText(/version/i);
    await expect(notice.getByRole('list', { name: 'Changed fields' })).toContainText(
      'Business justification: “Quarterly sales reporting” → “Theirs: reporting for Project Zephyr”',
    );
    await expect(panel.getByLabel('Business justification')).toHaveValue('Mine: reporting for Project Atlas');
    await expect(panel).toContainText(LATEST_ASK);
    await expect(page.getByText('A reviewer sent it back for changes.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'approvals-conflict');

    await panel.getByRole('button', { name: 'Resubmit' }).click();
    await expect(page.getByText('Resubmitted: the request is back with the reviewer.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Form data' })).toContainText('Mine: reporting for Project Atlas');
  });

  test('a request left open follows its reviewers by itself', async ({ page }) => {
    await signIn(page, 'operator');
    const id = await submitAccessRequest(page, externalId('live'));
    await page.goto(`/approvals/${id}`);
    await expect(page.getByText('With the reviewers.')).toBeVisible();
    // A marker a reload would wipe: the change must arrive without one.
    await page.evaluate(() => Object.assign(window, { __stillHere: true }));
    await requestRevision(id);
    await expect(page.getByText('A reviewer sent it back for changes.')).toBeVisible({ timeout: 20_000 });
    await expect(revision(page)).toContainText('“Almost there”');
    // The first round of changes is round 1, not 0.
    await expect(page.locator('dl').first().getByText('Revision rounds').locator('xpath=..')).toContainText('1, this one open');
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
  });

  test('a viewer reads requests and revisions without any action', async ({ page, browser }) => {
    const operator = await browser.newPage();
    await signIn(operator, 'operator');
    const id = await submitAccessRequest(operator, externalId('viewer'));
    await operator.close();
    await requestRevision(id);

    await signIn(page, 'viewer', { at: '/approvals' });
    await expect(page.getByRole('heading', { name: 'Approval requests' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New request' })).toHaveCount(0);
    await expectAccessible(page);
    await page.goto(`/approvals/${id}`);
    await expect(revision(page).getByRole('list', { name: 'Revision requirements' })).toContainText(
      'Name the project that needs this access.',
    );
    // Only the shell's own buttons (the bell, Sign out): the page offers a viewer no action.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'approvals-viewer-detail');

    await page.goto('/approvals/new');
    await expect(page.getByRole('heading', { name: 'Submitting approval requests is not available to your role' })).toBeVisible();
  });
});
