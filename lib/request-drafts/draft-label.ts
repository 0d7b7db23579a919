import type { RequestDraftValues } from './schemas.ts';

export const REQUEST_DRAFT_LABEL_MAX = 120;
export const EMPTY_REQUEST_DRAFT_LABEL = 'Nothing filled in yet';

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
// A value named like a name or a title tells one request from another better than the external
// id the form suggested.
const NAMED = /(^|_)(name|title|subject)$/i;

/** What the drafts list shows beside the workflow: a named value, else the external id, else any text typed. */
export function requestDraftLabel(values: RequestDraftValues): string {
  const texts = Object.entries(values.form_data).flatMap(([k, v]) => (typeof v === 'string' && clean(v) ? [[k, clean(v)] as const] : []));
  const candidates = [...texts.filter(([k]) => NAMED.test(k)).map(([, v]) => v), clean(values.external_id), ...texts.map(([, v]) => v)];
  const label = candidates.find(Boolean) ?? EMPTY_REQUEST_DRAFT_LABEL;
  return label.length > REQUEST_DRAFT_LABEL_MAX ? `${label.slice(0, REQUEST_DRAFT_LABEL_MAX - 1)}…` : label;
}
