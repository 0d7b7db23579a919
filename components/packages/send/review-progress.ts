import {
  REVIEW_SECTION_IDS,
  REVIEW_SECTION_TITLES,
  type Preview,
  type PreviewInput,
  type ReviewEvidence,
  type ReviewSectionId,
} from '@/lib/packages/schemas';

// What "reviewed" means before a send: every page of the populated PDF has been on screen and
// every part of the summary has been seen. Pure, so it is unit-tested.

export type SectionId = ReviewSectionId;
export const SUMMARY_SECTIONS: readonly { id: SectionId; title: string }[] = REVIEW_SECTION_IDS.map((id) => ({
  id,
  title: REVIEW_SECTION_TITLES[id],
}));

export interface FrozenSigner {
  slot_id: string;
  name: string;
  email?: string;
  phone?: string;
}

/** The summary of one receipt, fixed when it was made. */
export interface FrozenSummary {
  templateId: string;
  version: { id: string | null; number: number | null };
  values: Record<string, unknown>;
  signers: FrozenSigner[];
  expiresInDays: number;
  /** the sender's own reference, which the console keeps and the API never sees */
  reference: string | null;
  /** equal for two receipts whose summaries read the same */
  fingerprint: string;
}

/**
 * The preview's own answer comes first. Where the spec leaves a part of it unnamed (values,
 * signers, expiry), the exact body this receipt was made from stands in: it was captured when
 * Preview was pressed and is never the form's later state.
 */
export function frozenSummary(preview: Preview, input: PreviewInput): FrozenSummary {
  const values = structuredClone((preview.sender_values ?? input.sender_values ?? {}) as Record<string, unknown>);
  const signers: FrozenSigner[] = (preview.signers ?? input.signers).map((s) => ({
    slot_id: s.slot_id,
    name: s.name,
    ...(s.email !== undefined ? { email: s.email } : {}),
    ...(s.phone !== undefined ? { phone: s.phone } : {}),
  }));
  const summary = {
    templateId: preview.template_id ?? input.template_id,
    version: { id: preview.version ?? null, number: preview.version_number ?? null },
    values,
    signers,
    expiresInDays: preview.expires_in_days ?? input.expires_in_days,
  };
  return { ...summary, reference: input.reference ?? null, fingerprint: JSON.stringify(summary) };
}

/** The first page after `current` not yet reviewed, wrapping to the start; null when none is left. */
export function nextUnreviewed(reviewed: ReadonlySet<number>, pageCount: number, current: number): number | null {
  for (let step = 1; step <= pageCount; step++) {
    const page = ((current - 1 + step) % pageCount) + 1;
    if (!reviewed.has(page)) return page;
  }
  return null;
}

const SHOWN_RANGES = 4;

/** The pages still to review, as "pages 2, 4 and 8–200"; empty when every page is reviewed. */
export function missingPages(reviewed: ReadonlySet<number>, pageCount: number): string {
  const ranges: [number, number][] = [];
  for (let page = 1; page <= pageCount; page++) {
    if (reviewed.has(page)) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === page - 1) last[1] = page;
    else ranges.push([page, page]);
  }
  if (ranges.length === 0) return '';
  const names = ranges.slice(0, SHOWN_RANGES).map(([a, b]) => (a === b ? String(a) : `${a}–${b}`));
  if (ranges.length > SHOWN_RANGES) names.push(`${ranges.length - SHOWN_RANGES} more`);
  const single = ranges.length === 1 && ranges[0]![0] === ranges[0]![1];
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
  return `${single ? 'page' : 'pages'} ${list}`;
}

/**
 * Review progress that outlives one receipt: pages by the populated PDF's SHA-256 (the same
 * bytes need no second look), summary sections by what they show.
 */
export class ReviewMemory {
  // Each page and section with when it was first on screen, for the sending record.
  private readonly pagesBySha = new Map<string, Map<number, string>>();
  private readonly sectionsBySummary = new Map<string, Map<SectionId, string>>();

  pages(sha256: string): Set<number> {
    return new Set(this.pagesBySha.get(sha256)?.keys());
  }

  addPages(sha256: string, pages: Iterable<number>, at = new Date()): void {
    const kept = this.pagesBySha.get(sha256) ?? new Map<number, string>();
    for (const p of pages) if (!kept.has(p)) kept.set(p, at.toISOString());
    this.pagesBySha.set(sha256, kept);
  }

  sections(fingerprint: string): Set<SectionId> {
    return new Set(this.sectionsBySummary.get(fingerprint)?.keys());
  }

  addSections(fingerprint: string, sections: Iterable<SectionId>, at = new Date()): void {
    const kept = this.sectionsBySummary.get(fingerprint) ?? new Map<SectionId, string>();
    for (const s of sections) if (!kept.has(s)) kept.set(s, at.toISOString());
    this.sectionsBySummary.set(fingerprint, kept);
  }

  /** What was seen of this PDF and summary, and when each part first was, in page and section order. */
  seen(sha256: string, fingerprint: string): Pick<ReviewEvidence, 'pages' | 'sections'> {
    const pages = [...(this.pagesBySha.get(sha256) ?? [])].sort(([a], [b]) => a - b);
    const sections = this.sectionsBySummary.get(fingerprint) ?? new Map<SectionId, string>();
    return {
      pages: pages.map(([page, seen_at]) => ({ page, seen_at })),
      sections: REVIEW_SECTION_IDS.filter((id) => sections.has(id)).map((id) => ({ id, seen_at: sections.get(id)! })),
    };
  }
}
