import { statusLabel } from '../status-labels.ts';
import type { SavedViewList } from './schemas.ts';

/** A view's filters in words: "Search “ACME” · Queued · Sent 2026-11-01 to 2026-11-30". */
export function describeViewQuery(list: SavedViewList, query: string): string {
  const q = new URLSearchParams(query);
  const parts: string[] = [];
  const search = q.get('q');
  if (search) parts.push(`Search “${search}”`);
  const status = q.get('status');
  if (status) parts.push(statusLabel(list === 'packages' ? 'package' : 'request', status));
  if (q.get('archived') === 'only') parts.push('Archived only');
  for (const [key, label] of [
    ['sent', 'Sent'],
    ['updated', 'Updated'],
  ] as const) {
    const from = q.get(`${key}_from`);
    const to = q.get(`${key}_to`);
    if (from && to) parts.push(from === to ? `${label} on ${from}` : `${label} ${from} to ${to}`);
    else if (from) parts.push(`${label} from ${from}`);
    else if (to) parts.push(`${label} up to ${to}`);
  }
  return parts.length ? parts.join(' · ') : 'No filters: the whole list';
}
