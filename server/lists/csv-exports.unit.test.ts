import 'server-only';
import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { readCsv } from '@/lib/csv/read-csv';
import { bulkCsvTemplate } from '@/lib/bulk/columns';
import { ndaTemplate } from '@/lib/packages/nda-template.test-fixture';
import { FORMULA_PAYLOADS, liveFormulas } from '@/tests/support/spreadsheet-view';
import { exportApprovalRequests } from '../approval-requests/export-approval-requests';
import { auditCsv } from '../audit-export-csv';
import { exportBatch } from '../bulk/export-batch';
import type { Database } from '../db/schema';
import { exportPackages } from '../packages/export-packages';
import { exportRecipients } from '../recipients/export-recipients';
import { EVERYTHING, withScope } from '../teams/scope';

// Every CSV the console writes, each fed what a user can type into the fields it exports
// (issue 33): a reader splitting on `,`, `;` or tab must find no live formula in any of them.

const [semi, tab] = ['x;=1+1;y', 'a\t=1+1'];
const payload = (i: number) => FORMULA_PAYLOADS[i % FORMULA_PAYLOADS.length]!;

vi.mock('../packages/list-packages', () => ({
  sentAtOf: () => '2026-01-01T00:00:00Z',
  updatedAtOf: () => '2026-01-02T00:00:00Z',
  packagesMatching: async () => ({
    complete: true,
    rows: [semi, tab, ...FORMULA_PAYLOADS].map((text, i) => ({
      id: `pkg_${i}`,
      template_id: text,
      template_name: text,
      status: 'queued',
      expires_at: null,
      signers: i % 2 ? [{ name: text, email: `${payload(i)}@example.com` }] : [],
      console_record: { recipients: [{ name: payload(i + 1), email: 'a@example.com' }], reference: text, sent_by: text },
      archived: false,
    })),
  }),
}));

vi.mock('../approval-requests/list-approval-requests', () => ({
  sentAtOf: () => '2026-01-01T00:00:00Z',
  updatedAtOf: () => '2026-01-02T00:00:00Z',
  requestsMatching: async () => ({
    complete: true,
    rows: [semi, tab, ...FORMULA_PAYLOADS].map((text, i) => ({
      id: `apr_${i}`,
      external_id: text,
      status: 'submitted',
      workflow_id: 'wf',
      workflow_name: text,
      workflow_release_id: 'wf@1',
      current_layer_name: text,
      completed_at: null,
    })),
  }),
}));

vi.mock('../bulk/read-batches', () => ({
  readBatch: async () => ({
    name: 'B',
    rows: [semi, tab, ...FORMULA_PAYLOADS].map((text, i) => ({
      line: i + 2,
      reference: text,
      signers: [{ name: text, email: 'a@example.com' }],
      state: 'failed',
      package_id: null,
      sent_at: null,
      reviewed_at: null,
      error: { code: text, message: payload(i + 2) },
    })),
  }),
}));

/** A query builder that answers `rows` to whatever is asked of it (the recipients export's one query). */
function answering(rows: Record<string, unknown>[]): Kysely<Database> {
  const chain: Record<string, unknown> = {};
  for (const step of ['selectFrom', 'select', 'where', 'orderBy', 'limit']) chain[step] = () => chain;
  chain.execute = async () => rows;
  return chain as unknown as Kysely<Database>;
}

describe('every CSV export', () => {
  it('the audit log: an Idempotency-Key, a target id or an address plants no formula', () => {
    const rows = [semi, tab, ...FORMULA_PAYLOADS].map((text, i) => ({
      id: i,
      at: '2026-01-01T00:00:00.000Z',
      user_email: text,
      roles: 'operator',
      operation: 'package.send',
      target_type: 'package',
      target_id: text,
      outcome: 'success' as const,
      status: 200,
      error_code: null,
      upstream_request_id: text,
      idempotency_key: text,
      reason: payload(i),
      client_address: text,
      instance: null,
      team_id: text,
    }));
    const text = auditCsv(rows);
    expect(liveFormulas(text)).toEqual([]);
    // And the console reads its own file back as typed.
    expect(readCsv(text).rows.map((r) => r.cells[11])).toEqual(rows.map((r) => r.idempotency_key));
  });

  it('the packages list: a reference, a template or a signer name plants no formula', async () => {
    const { body } = await exportPackages({ filters: {} });
    expect(body).toContain('x;');
    expect(liveFormulas(body)).toEqual([]);
  });

  it('the approval-requests list: an external id or a workflow name plants no formula', async () => {
    const { body } = await exportApprovalRequests({ filters: {} });
    expect(liveFormulas(body)).toEqual([]);
  });

  it('the bulk results: a reference, a signer name or an error plants no formula', async () => {
    const response = await exportBatch(answering([]), 'usr_1', 'blk_1', new Date('2026-01-01T00:00:00Z'));
    const body = await response.text();
    expect(body).toContain('a\t');
    expect(liveFormulas(body)).toEqual([]);
  });

  it('the recipients book: names, addresses and phones plant no formula, and read back as typed', async () => {
    const rows = [semi, tab, ...FORMULA_PAYLOADS].map((text, i) => ({
      name: text,
      email: payload(i + 1),
      phone: i % 2 ? '+4915112345678' : text,
    }));
    // Read as an admin's export is: every team's book.
    const { body } = await withScope(EVERYTHING, () => exportRecipients({ db: answering(rows) }));
    expect(liveFormulas(body)).toEqual([]);
    // An E.164 phone is written without the visible quote (issue 35).
    expect(body).toContain(',"+4915112345678"\r\n');
    expect(body).not.toContain("'+4915112345678");
    expect(readCsv(body).rows.map((r) => r.cells)).toEqual(rows.map((r) => [r.name, r.email, r.phone]));
  });

  it('the bulk template: a sender field key from the template plants no formula', () => {
    const template = {
      ...ndaTemplate,
      sender_fields: [
        { key: semi, label: 'a', type: 'text', required: true },
        { key: tab, label: 'b', type: 'text', required: true },
      ],
    };
    const text = bulkCsvTemplate(template);
    expect(liveFormulas(text)).toEqual([]);
    expect(readCsv(text).header.slice(0, 2)).toEqual([semi, tab.trim()]);
  });
});
