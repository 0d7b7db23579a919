import { apiId, expect, signIn, test } from './fixtures.ts';
import { pickDocument, uploadPdf } from './document-picker.ts';

// A submission on every seeded workflow the API runs, through the form as a requester fills it
// in: each field found by its title and answered by its kind, as its schema says (read through
// the console, like the form reads it). Release 3 of the contract review, with its nested
// groups and lists, has a journey of its own (request-schemas.spec.ts).

const run = Date.now().toString(36);

interface Property {
  type?: string;
  title?: string;
  format?: string;
  enum?: (string | number)[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** A value the property takes, as text for its control. */
function answer(p: Property): string {
  if (p.enum) return String(p.enum[0]);
  if (p.format === 'email') return `requester-${run}@example.com`;
  if (p.format === 'date') return '2030-06-15';
  if (p.type === 'number' || p.type === 'integer') return String(Math.max(p.minimum ?? 1, 1));
  const text = 'Needed for the quarterly planning of the team, as agreed with the manager.';
  return text.slice(0, Math.min(text.length, p.maxLength ?? text.length)).padEnd(p.minLength ?? 0, '.');
}


const label = (title: string) => new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

// wf_leave is left out: a catalog journey archives its request form, which then takes no request.
for (const workflow of ['wf_expense', 'wf_purchase', 'wf_access']) {
  test(`a request on ${workflow} is filled in field by field and submitted`, async ({ page }) => {
    await signIn(page, 'operator');
    const documentId = await uploadPdf(page, `${workflow}-${run}.pdf`);
    const read = await page.request.get(`/api/approval-workflows/${apiId(workflow)}`);
    const release = ((await read.json()) as { workflow_release_id: string }).workflow_release_id;
    const number = release.split('@').pop();
    const schemaRes = await page.request.get(`/api/approval-workflows/${apiId(workflow)}/releases/${number}/submission-schema`);
    const { schema } = (await schemaRes.json()) as { schema: { properties: Record<string, Property>; required?: string[] } };

    await page.goto(`/approvals/new?workflow=${apiId(workflow)}`);
    await expect(page.getByText(release)).toBeVisible();
    const kinds = new Set<string>();
    for (const [key, p] of Object.entries(schema.properties)) {
      const control = page.getByLabel(label(p.title ?? key));
      if (p.format === 'document') {
        // A document field is a combobox searching the app's documents (document-picker.ts).
        await pickDocument(page, label(p.title ?? key), `${workflow}-${run}`, documentId);
        kinds.add('document');
      } else if (p.type === 'boolean') {
        await control.check();
        kinds.add('boolean');
      } else if (p.enum) {
        await control.selectOption(String(p.enum[0]));
        kinds.add('choice');
      } else {
        await control.fill(answer(p));
        kinds.add(p.format ?? p.type ?? 'text');
      }
    }
    const external = `e2e-${workflow}-${run}`;
    await page.getByLabel('External ID').fill(external);
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(page).toHaveURL(/\/approvals\/(?!new$)[^/?#]+$/);
    await expect(page.getByRole('heading', { name: external })).toBeVisible();
    await expect(page.getByText('With the reviewers.')).toBeVisible();
    const data = page.getByRole('region', { name: 'Form data' });
    for (const [key, p] of Object.entries(schema.properties)) if (p.format !== 'document') await expect(data).toContainText(p.title ?? key);
    // Every seeded release asks for more than one kind of answer; together they ask for all.
    expect(kinds.size, [...kinds].join(', ')).toBeGreaterThan(2);
  });
}
