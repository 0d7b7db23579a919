// Light example data for the guides' pictures (npm run docs:screenshots), made through the
// console's own API as its users would, so the screens show a product in use: a few packages
// sent (their recipients then fill the recipient book), an approval request submitted, and a
// bulk batch with one row reviewed and sent by the console's background work.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

const NDA = 'dst_nda';
const COMPANY_SIGNER = {
  slot_id: 'company_signer',
  name: 'Ada Lovelace',
  email: 'ada.lovelace@example.com',
  phone: '+14155550101',
};
const COUNTERPARTIES = [
  { company: 'Globex Corporation', name: 'Grace Hopper', email: 'grace.hopper@globex.example' },
  { company: 'Initech Ltd', name: 'Alan Turing', email: 'alan.turing@initech.example' },
  { company: 'Umbrella Partners', name: 'Katherine Johnson', email: 'katherine.johnson@umbrella.example' },
];

async function post(
  api: APIRequestContext,
  base: string,
  path: string,
  data: unknown,
  keyed = true,
): Promise<Record<string, unknown>> {
  const res = await api.post(path, {
    headers: { origin: base, ...(keyed ? { 'idempotency-key': `docs-${randomUUID()}` } : {}) },
    data,
  });
  if (!res.ok()) throw new Error(`example data: POST ${path} answered ${res.status()}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as Record<string, unknown>;
}

const ndaValues = (c: (typeof COUNTERPARTIES)[number]) => ({
  sender_values: { counterparty_name: c.company, effective_date: '2027-01-15', governing_law: 'England and Wales' },
  signers: [COMPANY_SIGNER, { slot_id: 'counterparty_signer', name: c.name, email: c.email, phone: '+442071234567' }],
});

/** Packages previewed and sent as a sender would (the sender's signed-in session). */
export async function sendExamplePackages(sender: APIRequestContext, base: string) {
  for (const [i, c] of COUNTERPARTIES.entries()) {
    // The first one ends within Home's three days, so Home shows what it is for.
    const preview = await post(
      sender,
      base,
      '/api/packages/preview',
      { template_id: NDA, expires_in_days: i === 0 ? 2 : 14, ...ndaValues(c) },
      false,
    );
    await post(sender, base, '/api/packages', { template_id: NDA, preview_token: preview.preview_token, confirmed: true });
  }
}

/** An access request submitted as an operator would. */
export async function submitExampleRequest(operator: APIRequestContext, base: string) {
  await post(operator, base, '/api/approval-requests', {
    workflow_id: 'wf_access',
    workflow_release_id: 'wf_access@2',
    external_id: 'ACC-2027-0042',
    form_data: {
      system: 'crm',
      access_level: 'read',
      justification: 'Needs the CRM for the Q1 renewals campaign',
      access_until: '2027-03-31',
    },
    submit: true,
  });
}

/** A batch of three rows from a spreadsheet, its first row reviewed and confirmed; waits until the console sent it. */
export async function startExampleBatch(sender: APIRequestContext, base: string) {
  const rows = COUNTERPARTIES.map((c, i) => ({
    line: i + 2,
    values: {
      ...ndaValues({ ...c, email: c.email.replace('@', '+bulk@') }),
      expires_in_days: '',
      reference: `NDA-2027-${i + 1}`,
    },
  }));
  const batch = await post(sender, base, '/api/bulk-batches', {
    template_id: NDA,
    name: 'January NDAs',
    expires_in_days: '30',
    rows,
  });
  const id = encodeURIComponent(String(batch.id));
  const preview = await post(sender, base, `/api/bulk-batches/${id}/rows/0/preview`, {}, false);
  const pages = ((preview.prepared_pdf as { page_count?: number } | undefined)?.page_count ?? 1) as number;
  const at = new Date().toISOString();
  await post(
    sender,
    base,
    `/api/bulk-batches/${id}/rows/0/review`,
    {
      preview_token: preview.preview_token,
      review: {
        pages: Array.from({ length: pages }, (_, i) => ({ page: i + 1, seen_at: at })),
        sections: ['document', 'values', 'recipients', 'expiry'].map((s) => ({ id: s, seen_at: at })),
        page_count: pages,
        confirmed_at: at,
      },
    },
    false,
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const read = (await (await sender.get(`/api/bulk-batches/${id}`)).json()) as { counts?: Record<string, number> };
    if ((read.counts?.sent ?? 0) >= 1) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('example data: the batch row confirmed was not sent within a minute');
}

/** A PDF uploaded as an operator would, to lay out fields on: the NDA template's own source PDF, read through the console. */
export async function uploadExampleDocument(operator: APIRequestContext, base: string) {
  const pdf = await operator.get(`/api/document-sign-templates/${NDA}/content`);
  if (!pdf.ok()) throw new Error(`example data: the NDA's PDF answered ${pdf.status()}`);
  const res = await operator.post('/api/documents', {
    headers: { origin: base, 'idempotency-key': `docs-${randomUUID()}` },
    multipart: {
      logicalPurpose: 'SIGNATURE_TARGET',
      file: { name: 'supplier-agreement.pdf', mimeType: 'application/pdf', buffer: await pdf.body() },
    },
  });
  if (!res.ok()) throw new Error(`example data: the upload answered ${res.status()}: ${(await res.text()).slice(0, 300)}`);
}
