import { REVIEW_SECTION_IDS, REVIEW_SECTION_TITLES } from '@/lib/packages/schemas';
import type { SendingRecord } from '@/lib/packages/sending-record';
import { BackLink } from '../../ui/back-link';
import { missingPages } from '../send/review-progress';
import { Section } from '../../ui/card';
import { Facts, PageHeader } from '../../ui/page-header';
import { When } from '../../ui/when';
import { PrintButton } from './print-button';

const person = (p: { name: string; email: string } | null) => (p ? `${p.name} <${p.email}>` : 'Not recorded');
const at = (iso: string | null) => (iso ? <When at={iso} seconds /> : 'Not recorded');
const TH = 'py-2 pr-4 text-left font-semibold text-slate-800';
const TD = 'py-2 pr-4 align-top';

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: React.ReactNode[][] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={TH}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) => (
                <td key={j} className={`${TD} ${j === 0 ? 'font-medium' : ''}`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Version 2 (dstv_…)": the version the preview froze, as far as the API said. */
function versionWords(v: SendingRecord['template']['version']): React.ReactNode {
  if (!v) return 'Not recorded (a package sent before Signdesk kept it)';
  const number = v.number === null ? 'Number not given by the API' : `Version ${v.number}`;
  return v.id ? (
    <>
      {number} (<code className="text-xs break-all">{v.id}</code>)
    </>
  ) : (
    number
  );
}

/** When it was first on screen, marked when that was on the earlier preview of the same document. */
function SeenAt({ at: seenAt, previewedAt, earlier }: { at: string; previewedAt: string; earlier: boolean }) {
  return (
    <>
      <When at={seenAt} seconds />
      {earlier && Date.parse(seenAt) < Date.parse(previewedAt) && (
        <span className="ml-1 text-xs text-slate-600">(on an earlier preview of the same document)</span>
      )}
    </>
  );
}

/** What the review covered, in words: every page and section, or what is missing. */
function coverage(review: SendingRecord['review'], pages: number | null): string {
  if (!review) return 'Not recorded: the send did not say what was seen (a package sent before Signdesk kept it).';
  const seen = new Set(review.pages.map((p) => p.page));
  // The words the review step uses for pages still to see ("pages 2, 4 and 8–200").
  const pagesLeft = pages === null ? '' : missingPages(seen, pages);
  const missingSections = REVIEW_SECTION_IDS.filter((id) => !review.sections.some((s) => s.id === id));
  if (pagesLeft === '' && missingSections.length === 0)
    return pages === null
      ? `${seen.size} pages and every summary section were seen before Send.`
      : `Every page (${pages}) and every summary section were seen before Send.`;
  return [
    pagesLeft ? `Not recorded as seen: ${pagesLeft}.` : '',
    missingSections.length > 0
      ? `Sections not recorded as seen: ${missingSections.map((id) => REVIEW_SECTION_TITLES[id]).join(', ')}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The sending record of one package: printable, and downloadable as the same JSON. */
export function SendingRecordView({ record }: { record: SendingRecord }) {
  const id = record.package_id;
  const download = `/api/packages/${encodeURIComponent(id)}/sending-record?download=1`;
  const pageCount = record.populated_pdf.page_count ?? record.review?.page_count ?? null;
  return (
    <>
      <div className="print:hidden">
        <BackLink href={`/packages/${encodeURIComponent(id)}`}>Back to the package</BackLink>
      </div>
      <PageHeader
        title="Sending record"
        description={
          <>
            The sender&apos;s side of the evidence for package <code className="text-xs">{id}</code>: what was previewed, reviewed
            and confirmed in Signdesk before it was sent. The signing service keeps the signers&apos; side; no signing certificate
            holds this one.
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <PrintButton />
            <a
              href={download}
              download
              className="inline-flex items-center justify-center gap-2 rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Download JSON
            </a>
          </div>
        }
      />
      <div className="flex flex-col gap-5">
        <Facts
          items={[
            ['Template', `${record.template.name ?? record.template.id} (${record.template.id})`],
            ['Template version', versionWords(record.template.version)],
            ['Your reference', record.reference ?? '—'],
            ['Previewed by', person(record.previewed.by)],
            ['Previewed', at(record.previewed.at)],
            ['Confirmed and sent by', person(record.confirmed.by)],
            ['Confirmed', at(record.confirmed.at)],
            ['Expiry', `${record.expires_in_days} day${record.expires_in_days === 1 ? '' : 's'} after sending`],
            ['Populated PDF', pageCount === null ? 'Page count not known' : `${pageCount} page${pageCount === 1 ? '' : 's'}`],
            [
              'Populated PDF SHA-256',
              record.populated_pdf.sha256 ? (
                <code className="text-xs break-all">{record.populated_pdf.sha256}</code>
              ) : (
                'Not given by the API'
              ),
            ],
            [
              'Preview receipt SHA-256',
              <code key="receipt" className="text-xs break-all">
                {record.receipt_sha256}
              </code>,
            ],
            [
              'Idempotency-Key',
              record.idempotency_key ? <code className="text-xs break-all">{record.idempotency_key}</code> : '—',
            ],
            [
              'API answer',
              `${record.api_answer.status ?? '—'}${record.api_answer.request_id ? `, request ${record.api_answer.request_id}` : ''}`,
            ],
          ]}
        />

        <Section title="What the sender saw" description={coverage(record.review, pageCount)} variant="page">
          {record.review && record.review_from_earlier_preview && (
            <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/30 ring-inset">
              Some pages and sections were first on screen before this preview was made: they were seen on an earlier preview of
              the same document (same PDF digest). This row of a bulk send was previewed again and its review kept, because the
              new preview&apos;s populated PDF is the very same file.
            </p>
          )}
          {record.review && (
            <div className="grid gap-5 lg:grid-cols-2">
              <Table
                caption="Pages seen"
                head={['Page', 'First on screen']}
                rows={record.review.pages.map((p) => [
                  String(p.page),
                  <SeenAt
                    key="at"
                    at={p.seen_at}
                    previewedAt={record.previewed.at}
                    earlier={record.review_from_earlier_preview}
                  />,
                ])}
              />
              <Table
                caption="Summary sections seen"
                head={['Section', 'First on screen']}
                rows={record.review.sections.map((s) => [
                  REVIEW_SECTION_TITLES[s.id],
                  <SeenAt
                    key="at"
                    at={s.seen_at}
                    previewedAt={record.previewed.at}
                    earlier={record.review_from_earlier_preview}
                  />,
                ])}
              />
            </div>
          )}
        </Section>

        <Section title="Recipients" variant="page">
          <Table
            caption="Recipients"
            head={['Slot', 'Name', 'E-mail', 'Phone']}
            rows={record.recipients.map((r) => [r.slot_id, r.name, r.email, r.phone])}
          />
        </Section>

        <Section title="Values" variant="page">
          <Table
            caption="Values"
            head={['Field', 'Value']}
            rows={record.fields.map((f) => [
              f.label ?? (
                <code key="key" className="text-xs">
                  {f.key}
                </code>
              ),
              typeof f.value === 'string' ? f.value : JSON.stringify(f.value),
            ])}
          />
        </Section>

        <p className="text-xs text-slate-600">
          Times seen and confirmed are those of the sender&apos;s browser; the preview and the API&apos;s answer are on this
          console&apos;s clock. The receipt itself is never kept: it is a bearer token of the API, so only its digest is.
        </p>
      </div>
    </>
  );
}
