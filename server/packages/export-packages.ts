import 'server-only';
import type { DateRangeQuery } from '@/lib/list/date-ranges';
import { toCsv } from '@/lib/csv/write-csv';
import { exportFileName } from '../lists/csv';
import { packagesMatching, sentAtOf, updatedAtOf } from './list-packages';

/** The most packages one export holds: the newest, as the API lists them. */
export const PACKAGE_EXPORT_ROWS = 5_000;

// New columns go at the end, so a sheet built on an earlier export keeps its columns.
const COLUMNS = [
  'id',
  'template_id',
  'template_name',
  'status',
  'sent_at',
  'updated_at',
  'expires_at',
  'recipients',
  'reference',
  'sent_by',
  'archived',
] as const;
const NAMED_BY = [
  'q',
  'status',
  'archived',
  'sent_from',
  'sent_to',
  'updated_from',
  'updated_to',
  'template',
  'sender',
  'team',
] as const;

export interface ExportPackagesOptions {
  filters: { q?: string; status?: string; archived?: 'only'; template?: string; sender?: string; team?: string } & DateRangeQuery;
}

/** What the packages list shows for these filters, every page of it, as CSV. */
export async function exportPackages({ filters }: ExportPackagesOptions) {
  const { rows, complete } = await packagesMatching(filters, PACKAGE_EXPORT_ROWS);
  const body = toCsv(
    COLUMNS,
    rows.map((p) => ({
      id: p.id,
      template_id: p.template_id,
      template_name: p.template_name,
      status: p.status,
      sent_at: sentAtOf(p, p.console_record),
      updated_at: updatedAtOf(p, p.console_record),
      expires_at: p.expires_at,
      // The API's signers where it lists them, else whom the console sent to.
      recipients: (p.signers.length ? p.signers : (p.console_record?.recipients ?? []))
        .map((s) => (s.email ? `${s.name ?? ''} <${s.email}>`.trim() : (s.name ?? '')))
        .join('; '),
      reference: p.console_record?.reference,
      sent_by: p.console_record?.sent_by,
      archived: p.archived === true || Boolean(p.archived_at) ? 'yes' : 'no',
    })),
  );
  return { body, fileName: exportFileName('packages', filters, NAMED_BY), complete };
}
