import type { ApprovalLayer, SchemaProperty, SubmissionSchema } from '../domain/catalog.ts';

// Seed approval workflows. Each release has its own submission schema, so a client that
// pins `workflow_release_id` sees the fields change between releases.
export interface WorkflowSeed {
  id: string;
  name: string;
  description: string;
  category_id: string;
  request_template_id: string;
  request_form_id: string;
  runtime: 'standard' | 'legacy_v1';
  accepts_per_document_signing: boolean;
  layers: ApprovalLayer[];
  /** one entry per release, oldest first */
  releases: { properties: Record<string, SchemaProperty>; required: string[] }[];
}

const money = (title: string): SchemaProperty => ({ type: 'number', title, minimum: 0.01, maximum: 1_000_000 });
const text = (title: string, maxLength = 200, minLength = 1): SchemaProperty => ({ type: 'string', title, minLength, maxLength });
const date = (title: string): SchemaProperty => ({ type: 'string', format: 'date', title });
const doc = (title: string, description?: string): SchemaProperty => ({ type: 'string', format: 'document', title, description });
const choice = (title: string, values: string[]): SchemaProperty => ({ type: 'string', title, enum: values });
const flag = (title: string): SchemaProperty => ({ type: 'boolean', title });

const expenseV1 = {
  amount: money('Amount'),
  currency: choice('Currency', ['EUR', 'USD', 'GBP']),
  description: text('Description', 500, 3),
  receipt: doc('Receipt', 'Scan or PDF of the receipt'),
};

const purchaseV1 = {
  vendor: text('Vendor', 120, 2),
  total: { type: 'integer', title: 'Total (whole currency units)', minimum: 1, maximum: 5_000_000 } satisfies SchemaProperty,
  needed_by: date('Needed by'),
  purchase_category: choice('Purchase category', ['hardware', 'software', 'services']),
  quote: doc('Supplier quote'),
};

const contractV1 = {
  counterparty: text('Counterparty', 160, 2),
  contract_value: money('Contract value'),
  start_date: date('Start date'),
  end_date: date('End date'),
  auto_renew: flag('Renews automatically'),
  contract: doc('Contract draft'),
};

// Release 3 of the contract review exercises every construct a form can carry (lib/submission-schema):
// nested objects, lists of values and of objects, patterns, exclusive bounds, multipleOf,
// defaults, a choice of titled constants, a constant, and the date-time and uri formats.
const contractV3 = {
  contract_reference: {
    type: 'string',
    title: 'Contract reference',
    description: 'As on the draft, e.g. CTR-2026-0042.',
    pattern: '^CTR-[0-9]{4}-[0-9]{3,6}$',
  },
  counterparty: {
    type: 'object',
    title: 'Counterparty',
    properties: {
      legal_name: text('Legal name', 160, 2),
      registration_number: { type: 'string', title: 'Registration number', pattern: '^[A-Z0-9]{6,12}$', description: '6 to 12 capital letters or digits.' },
      country: choice('Country', ['DE', 'FR', 'GB', 'NL', 'US']),
      contact: { type: 'object', title: 'Contact', properties: { name: text('Name', 120), email: { type: 'string', format: 'email', title: 'E-mail' } }, required: ['email'] },
    },
    required: ['legal_name', 'country'],
    additionalProperties: false,
  },
  contract_value: { type: 'number', title: 'Contract value', exclusiveMinimum: 0, maximum: 10_000_000, multipleOf: 0.01 },
  currency: {
    title: 'Currency',
    oneOf: [
      { const: 'EUR', title: 'Euro (EUR)' },
      { const: 'USD', title: 'US dollar (USD)' },
      { const: 'GBP', title: 'Pound sterling (GBP)' },
    ],
    default: 'EUR',
  },
  start_date: date('Start date'),
  end_date: date('End date'),
  auto_renew: { type: 'boolean', title: 'Renews automatically', default: false },
  notice_period_days: { type: 'integer', title: 'Notice period (days)', minimum: 0, maximum: 365, multipleOf: 15, default: 30 },
  signatories: {
    type: 'array',
    title: 'Signatories',
    description: 'E-mail addresses of the people who sign for us.',
    items: { type: 'string', format: 'email', title: 'Signatory e-mail' },
    minItems: 1,
    maxItems: 4,
    uniqueItems: true,
  },
  milestones: {
    type: 'array',
    title: 'Payment milestones',
    items: {
      type: 'object',
      title: 'Milestone',
      properties: { label: text('Label', 80), due_on: date('Due on'), amount: { type: 'number', title: 'Amount', exclusiveMinimum: 0 } },
      required: ['label', 'due_on'],
      additionalProperties: false,
    },
    maxItems: 6,
  },
  review_by: { type: 'string', format: 'date-time', title: 'Legal review needed by' },
  terms_url: { type: 'string', format: 'uri', title: 'Published terms (link)' },
  risk_level: { ...choice('Risk level', ['low', 'medium', 'high']), default: 'medium' },
  template_version: { const: 'contract-v3', title: 'Form version' },
  contract: doc('Contract draft'),
} satisfies Record<string, SchemaProperty>;

const accessV1 = {
  system: choice('System', ['erp', 'crm', 'data-warehouse', 'payroll']),
  access_level: choice('Access level', ['read', 'write', 'admin']),
  justification: text('Business justification', 1000, 10),
};

const leaveV1 = {
  first_day: date('First day of leave'),
  last_day: date('Last day of leave'),
  leave_type: choice('Type of leave', ['annual', 'parental', 'unpaid', 'sick']),
  handover_contact: {
    type: 'string',
    format: 'email',
    title: 'Handover contact e-mail',
    maxLength: 254,
  } satisfies SchemaProperty,
};

const travelV1 = {
  destination: text('Destination', 120, 2),
  departure: date('Departure'),
  estimated_cost: money('Estimated cost'),
};

/**
 * A workflow started from a request template and a form of its own, named after it (wf_x,
 * rt_x and rf_x, which seed.ts creates beside it); on the standard runtime and without
 * per-document signing unless it says otherwise.
 */
function workflow(
  key: string,
  w: Pick<WorkflowSeed, 'name' | 'description' | 'category_id' | 'layers' | 'releases'> &
    Partial<Pick<WorkflowSeed, 'runtime' | 'accepts_per_document_signing'>>,
): WorkflowSeed {
  return {
    id: `wf_${key}`,
    name: w.name,
    description: w.description,
    category_id: w.category_id,
    request_template_id: `rt_${key}`,
    request_form_id: `rf_${key}`,
    runtime: w.runtime ?? 'standard',
    accepts_per_document_signing: w.accepts_per_document_signing ?? false,
    layers: w.layers,
    releases: w.releases,
  };
}

export const WORKFLOW_SEEDS: WorkflowSeed[] = [
  workflow('expense', {
    name: 'Expense approval',
    description: 'Reimbursement of business expenses, approved by the line manager and Finance.',
    category_id: 'cat_finance',
    layers: [
      { name: 'Line manager', sla_hours: 24 },
      { name: 'Finance', sla_hours: 48 },
    ],
    releases: [
      { properties: expenseV1, required: ['amount', 'currency', 'description', 'receipt'] },
      {
        properties: {
          ...expenseV1,
          cost_center: { type: 'string', title: 'Cost center', minLength: 4, maxLength: 12 },
          expense_date: date('Expense date'),
          billable: flag('Billable to a client'),
        },
        required: ['amount', 'currency', 'description', 'receipt', 'cost_center', 'expense_date'],
      },
    ],
  }),
  workflow('purchase', {
    name: 'Purchase approval',
    description: 'Purchases of goods and services above the card limit.',
    category_id: 'cat_procurement',
    accepts_per_document_signing: true,
    layers: [
      { name: 'Line manager', sla_hours: 24 },
      { name: 'Procurement', sla_hours: 48 },
      { name: 'CFO', sla_hours: 72 },
    ],
    releases: [
      { properties: purchaseV1, required: ['vendor', 'total', 'needed_by', 'purchase_category'] },
      { properties: purchaseV1, required: ['vendor', 'total', 'needed_by', 'purchase_category', 'quote'] },
      {
        properties: { ...purchaseV1, justification: text('Justification', 2000, 20) },
        required: ['vendor', 'total', 'needed_by', 'purchase_category', 'quote', 'justification'],
      },
    ],
  }),
  workflow('contract', {
    name: 'Contract review',
    description: 'Legal review of customer and supplier contracts before signature.',
    category_id: 'cat_legal',
    accepts_per_document_signing: true,
    layers: [
      { name: 'Legal counsel', sla_hours: 48 },
      { name: 'Authorised signatory', sla_hours: 24 },
    ],
    releases: [
      { properties: contractV1, required: ['counterparty', 'contract_value', 'start_date', 'contract'] },
      {
        properties: { ...contractV1, risk_level: choice('Risk level', ['low', 'medium', 'high']) },
        required: ['counterparty', 'contract_value', 'start_date', 'end_date', 'contract', 'risk_level'],
      },
      {
        properties: contractV3,
        required: ['contract_reference', 'counterparty', 'contract_value', 'currency', 'start_date', 'signatories', 'risk_level', 'template_version', 'contract'],
      },
    ],
  }),
  workflow('access', {
    name: 'System access',
    description: 'Access to business systems, approved by the system owner.',
    category_id: 'cat_it',
    layers: [{ name: 'System owner', sla_hours: 8 }],
    releases: [
      { properties: accessV1, required: ['system', 'access_level', 'justification'] },
      {
        properties: { ...accessV1, access_until: date('Access until') },
        required: ['system', 'access_level', 'justification', 'access_until'],
      },
    ],
  }),
  workflow('leave', {
    name: 'Leave approval',
    description: 'Annual, parental and other leave.',
    category_id: 'cat_hr',
    layers: [
      { name: 'Line manager', sla_hours: 24 },
      { name: 'People team', sla_hours: 24 },
    ],
    releases: [
      { properties: leaveV1, required: ['first_day', 'last_day', 'leave_type'] },
      {
        properties: {
          ...leaveV1,
          days_requested: { type: 'integer', title: 'Working days requested', minimum: 1, maximum: 260 },
        },
        required: ['first_day', 'last_day', 'leave_type', 'days_requested', 'handover_contact'],
      },
    ],
  }),
  workflow('travel', {
    name: 'Travel pre-approval (legacy)',
    description: 'Runs on the legacy runtime, which the API does not support: submissions are refused.',
    category_id: 'cat_hr',
    runtime: 'legacy_v1',
    layers: [{ name: 'Line manager', sla_hours: 24 }],
    releases: [
      { properties: travelV1, required: ['destination', 'departure'] },
      { properties: travelV1, required: ['destination', 'departure', 'estimated_cost'] },
    ],
  }),
];

export function schemaFor(seed: WorkflowSeed, release: number): SubmissionSchema {
  const r = seed.releases[release - 1]!;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    title: `${seed.name} — release ${release}`,
    properties: r.properties,
    required: r.required,
    additionalProperties: false,
  };
}
