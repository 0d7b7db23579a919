'use client';

import { formatBytes, formatDate } from '@/lib/format';
import type { SignTemplate } from '@/lib/catalog/schemas';
import type { Preview } from '@/lib/packages/schemas';
import { useSeenOnScreen } from '../../ui/use-seen-on-screen';
import { SUMMARY_SECTIONS, type FrozenSummary, type SectionId } from './review-progress';

const DAY_MS = 86_400_000;
const TITLES = Object.fromEntries(SUMMARY_SECTIONS.map((s) => [s.id, s.title])) as Record<SectionId, string>;

function SummarySection({
  id,
  seen,
  onSeen,
  children,
}: {
  id: SectionId;
  seen: boolean;
  onSeen(id: SectionId): void;
  children: React.ReactNode;
}) {
  const ref = useSeenOnScreen<HTMLElement>(() => onSeen(id), seen);
  const headingId = `review-section-${id}`;
  return (
    <section ref={ref} aria-labelledby={headingId} className="border-t border-slate-200 pt-3">
      <h3 id={headingId} className="mb-1.5 flex items-center justify-between gap-2 text-sm font-semibold text-slate-900">
        {TITLES[id]}
        {seen && (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-800">
            <span aria-hidden>✓</span> Seen
          </span>
        )}
      </h3>
      {children}
    </section>
  );
}

function slotLine(template: SignTemplate, slotId: string): string {
  const slot = template.slots.find((x) => x.slot_id === slotId);
  return `${slot?.label ?? slotId} · ${slot?.recipient_kind ?? 'external'} recipient`;
}

interface ReviewSummaryProps {
  template: SignTemplate;
  preview: Preview;
  summary: FrozenSummary;
  seen: ReadonlySet<SectionId>;
  onSeen(id: SectionId): void;
  /** the browser's idea of now, for "about <date> if sent now" */
  now: number;
}

/** What the receipt froze, section by section; each section notes when it has been on screen. */
export function ReviewSummary({ template, preview, summary, seen, onSeen, now }: ReviewSummaryProps) {
  const fields = template.sender_fields;
  // Values the preview names that the template does not (yet) list are shown too: the receipt says so.
  const extraKeys = Object.keys(summary.values).filter((k) => !fields.some((f) => f.key === k));
  const show = (value: unknown) =>
    value === undefined || value === null || value === '' ? <span className="text-slate-500">(left empty)</span> : String(value);
  const days = summary.expiresInDays;
  const pdf = preview.prepared_pdf;
  return (
    <>
      <SummarySection id="document" seen={seen.has('document')} onSeen={onSeen}>
        <p className="text-sm text-slate-800">
          {template.id === summary.templateId ? template.name : summary.templateId}
          {summary.version.number !== null ? `, version ${summary.version.number}` : ''}
        </p>
        <p className="text-xs text-slate-600">
          {[
            [
              pdf.page_count !== undefined ? `${pdf.page_count} page${pdf.page_count === 1 ? '' : 's'}` : null,
              pdf.size_bytes !== undefined ? formatBytes(pdf.size_bytes) : null,
            ]
              .filter(Boolean)
              .join(', '),
            summary.version.id ? `version ID ${summary.version.id}` : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {summary.reference && (
          <p className="mt-1 text-sm break-words text-slate-800">
            <span className="text-slate-600">Your reference (not sent to signers):</span> {summary.reference}
          </p>
        )}
      </SummarySection>
      <SummarySection id="values" seen={seen.has('values')} onSeen={onSeen}>
        {fields.length + extraKeys.length === 0 ? (
          <p className="text-sm text-slate-600">This template takes no values.</p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {[...fields.map((f) => [f.key, f.label] as const), ...extraKeys.map((k) => [k, k] as const)].map(([key, label]) => (
              <div key={key} className="contents">
                <dt className="text-slate-600">{label}</dt>
                <dd className="break-words text-slate-900">{show(summary.values[key])}</dd>
              </div>
            ))}
          </dl>
        )}
      </SummarySection>
      <SummarySection id="recipients" seen={seen.has('recipients')} onSeen={onSeen}>
        <ul className="flex flex-col gap-2 text-sm">
          {summary.signers.map((s) => (
            <li key={s.slot_id}>
              <span className="block text-xs text-slate-600">{slotLine(template, s.slot_id)}</span>
              <span className="block font-medium text-slate-900">{s.name}</span>
              <span className="block break-words text-slate-700">{[s.email, s.phone].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      </SummarySection>
      <SummarySection id="expiry" seen={seen.has('expiry')} onSeen={onSeen}>
        <p className="text-sm text-slate-800">
          {days} day{days === 1 ? '' : 's'} after sending: about {formatDate(new Date(now + days * DAY_MS).toISOString())} if sent
          now.
        </p>
      </SummarySection>
    </>
  );
}
