import type {
  CategoryRecord,
  RequestFormRecord,
  RequestTemplateRecord,
  SignTemplateRecord,
  SubmissionSchemaRecord,
  WorkflowRecord,
} from '../domain/catalog.ts';
import { templateFileName } from '../domain/catalog.ts';
import { renderTemplatePdf } from '../pdf/template-pdf.ts';
import type { Services } from '../services.ts';
import { SIGN_TEMPLATE_SEEDS } from './sign-templates.ts';
import { WORKFLOW_SEEDS, schemaFor } from './workflows.ts';

const DAY = 86_400_000;

// A seed template's PDF depends on the seed alone (fixed dates, nothing random: see
// template-pdf.unit.test.ts), so it is drawn once per process, not at every start and reset of
// a sandbox (about half a CPU-second each time). A copy each time: the store keeps its own.
const seedPdfs = new Map<string, Promise<Uint8Array>>();
async function seedPdf(seed: (typeof SIGN_TEMPLATE_SEEDS)[number], version: number): Promise<Uint8Array> {
  const key = `${seed.id}@${version}`;
  let pdf = seedPdfs.get(key);
  if (!pdf) {
    pdf = renderTemplatePdf(seed, version);
    seedPdfs.set(key, pdf);
    pdf.catch(() => seedPdfs.delete(key));
  }
  return new Uint8Array(await pdf);
}

const CATEGORIES: [string, string, string][] = [
  ['cat_finance', 'Finance', 'Expenses, invoices and budget approvals.'],
  ['cat_procurement', 'Procurement', 'Purchases of goods and services.'],
  ['cat_legal', 'Legal', 'Contracts, NDAs and legal reviews.'],
  ['cat_hr', 'Human resources', 'Leave, travel, hiring and people processes.'],
  ['cat_it', 'IT and security', 'System access and security exceptions.'],
  ['cat_facilities', 'Facilities', 'Office space, equipment and maintenance.'],
];

const TEMPLATES: [string, string, string, string][] = [
  ['rt_expense', 'Expense claim', 'cat_finance', 'Claim back business expenses with receipts.'],
  ['rt_purchase', 'Purchase request', 'cat_procurement', 'Request a purchase with vendor and quote.'],
  ['rt_contract', 'Contract review request', 'cat_legal', 'Send a contract draft to Legal.'],
  ['rt_access', 'System access request', 'cat_it', 'Ask for access to a business system.'],
  ['rt_leave', 'Leave request', 'cat_hr', 'Request time off.'],
  ['rt_travel', 'Travel request', 'cat_hr', 'Pre-approval for business travel.'],
];

/** Creates the catalog on first start (and after a reset); an existing store is left alone. */
export async function seedIfEmpty(services: Services): Promise<void> {
  const { records, clock, files } = services;
  if (records.get<CategoryRecord>('category', 'cat_finance')) return;
  const now = clock.now();
  const at = (daysAgo: number) => clock.iso(now - daysAgo * DAY);

  const pdfs = new Map<string, Uint8Array>();
  for (const t of SIGN_TEMPLATE_SEEDS) {
    for (const v of t.versions) pdfs.set(`dstv_${t.id.slice(4)}_${v}`, await seedPdf(t, v));
  }

  // Files first: a committed catalog row never points at a missing PDF.
  for (const [versionId, bytes] of pdfs) files.write(templateFileName(versionId), bytes);
  records.tx(() => {
    CATEGORIES.forEach(([id, name, description], i) =>
      records.insert<CategoryRecord>('category', {
        id,
        name,
        description,
        status: 'active',
        created_at: at(120 - i),
        updated_at: at(120 - i),
        created_by_app_id: null,
        archived_at: null,
        archive_reason: null,
      }),
    );
    records.insert<CategoryRecord>('category', {
      id: 'cat_travel_old',
      name: 'Travel (retired)',
      description: 'Replaced by Human resources.',
      status: 'archived',
      created_at: at(400),
      updated_at: at(90),
      created_by_app_id: null,
      archived_at: at(90),
      archive_reason: 'Merged into Human resources',
    });
    TEMPLATES.forEach(([id, name, category_id, description], i) =>
      records.insert<RequestTemplateRecord>('request_template', {
        id,
        name,
        description,
        status: 'active',
        category_id,
        form_version: 2,
        created_at: at(100 - i),
        updated_at: at(30 - i),
      }),
    );
    WORKFLOW_SEEDS.forEach((w, i) => {
      const category = CATEGORIES.find(([id]) => id === w.category_id)!;
      const template = TEMPLATES.find(([id]) => id === w.request_template_id)!;
      const releases = w.releases.map((_, r) => ({
        release: r + 1,
        workflow_release_id: `${w.id}@${r + 1}`,
        form_version: r + 1,
        published_version: r + 1,
        published_at: at(60 - r * 20 - i),
      }));
      const current = releases[releases.length - 1]!;
      records.insert<WorkflowRecord>('approval_workflow', {
        id: w.id,
        name: w.name,
        description: w.description,
        status: 'active',
        category_id: w.category_id,
        category_name: category[1],
        request_template_id: w.request_template_id,
        request_template_name: template[1],
        request_form_id: w.request_form_id,
        current_release: current.release,
        workflow_release_id: current.workflow_release_id,
        form_version: current.form_version,
        published_version: current.published_version,
        published_at: current.published_at,
        releases,
        layers: w.layers,
        runtime: w.runtime,
        accepts_per_document_signing: w.accepts_per_document_signing,
        created_at: at(90 - i),
        updated_at: current.published_at,
        archived_at: null,
        archive_reason: null,
      });
      releases.forEach((r) =>
        records.insert<SubmissionSchemaRecord>('submission_schema', {
          id: r.workflow_release_id,
          workflow_id: w.id,
          release: r.release,
          schema: schemaFor(w, r.release),
        }),
      );
      records.insert<RequestFormRecord>('request_form', {
        id: w.request_form_id,
        name: `${template[1]} form`,
        description: `Form used to start "${w.name}".`,
        status: 'active',
        category_id: w.category_id,
        request_template_id: w.request_template_id,
        workflow_id: w.id,
        form_version: current.form_version,
        created_at: at(90 - i),
        updated_at: current.published_at,
        archived_at: null,
        archive_reason: null,
      });
    });
    SIGN_TEMPLATE_SEEDS.forEach((t, i) => {
      const versions = t.versions.map((v) => ({
        id: `dstv_${t.id.slice(4)}_${v}`,
        number: v,
        page_count: t.pages,
        created_at: at(80 - v * 10 - i),
      }));
      records.insert<SignTemplateRecord>('sign_template', {
        id: t.id,
        name: t.name,
        description: t.description,
        status: 'active',
        api_enabled: t.api_enabled,
        page_count: t.pages,
        versions,
        current_version_id: versions[versions.length - 1]!.id,
        slots: t.slots,
        sender_fields: t.sender_fields,
        created_at: versions[0]!.created_at,
        updated_at: versions[versions.length - 1]!.created_at,
      });
    });
  });
}
