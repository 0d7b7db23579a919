import Link from 'next/link';
import type { Route } from 'next';
import { packagesHref, type DrillFilters } from '@/lib/insights/drill-down';
import { formatDuration } from '@/lib/insights/format-duration';
import type { PackageInsights } from '@/lib/insights/types';
import { bucketLabel, cell, FigureBlock, FigureTable, link, num } from './figure-block';
import { InsightsChart } from './insights-chart';

const OUTCOMES: Record<PackageInsights['outcomes'][number]['outcome'], { label: string; colour: string; status?: string }> = {
  completed: { label: 'Completed', colour: '#15803d', status: 'completed' },
  declined: { label: 'Declined', colour: '#b91c1c', status: 'declined' },
  expired: { label: 'Expired', colour: '#b45309', status: 'expired' },
  delivered: { label: 'Still open: delivered', colour: '#4f46e5', status: 'delivered' },
  queued: { label: 'Still open: queued', colour: '#818cf8', status: 'queued' },
  other: { label: 'Another status', colour: '#64748b' },
  not_seen: { label: 'Not seen by the watcher yet', colour: '#cbd5e1' },
};

export function PackageFigures({
  data,
  unit,
  period,
  filters,
  csv,
}: {
  data: PackageInsights;
  unit: 'day' | 'week';
  period: { from: string; to: string };
  filters: DrillFilters;
  csv: (figure: string) => string;
}) {
  const sentTotal = data.sent.reduce((s, b) => s + b.count, 0);
  const sentPoints = data.sent.map((b) => ({
    label: b.from.slice(5),
    value: b.count,
    href: packagesHref(filters, { from: b.from, to: b.to }),
  }));
  const outcomes = data.outcomes.map((o) => ({
    ...o,
    ...OUTCOMES[o.outcome],
    href: OUTCOMES[o.outcome].status ? packagesHref(filters, { ...period, status: OUTCOMES[o.outcome].status }) : undefined,
  }));
  const { unseen } = data;
  return (
    <div className="space-y-4">
      <FigureBlock
        id="packages-sent"
        title={`Packages sent per ${unit}`}
        description={`${sentTotal} sent from this console from ${period.from} to ${period.to}.`}
        csvHref={csv('packages-sent')}
        chart={<InsightsChart kind="bar" points={sentPoints} />}
        table={
          <FigureTable caption={`Packages sent per ${unit}`} head={[unit === 'day' ? 'Day' : 'Week', 'Sent']}>
            {data.sent.map((b, i) => (
              <tr key={b.from}>
                <td className={cell}>
                  <Link className={link} href={sentPoints[i]!.href}>
                    {bucketLabel(b, unit)}
                  </Link>
                </td>
                <td className={num}>{b.count}</td>
              </tr>
            ))}
          </FigureTable>
        }
      />
      <FigureBlock
        id="package-outcomes"
        title="Outcome mix"
        description="Where the packages sent in the period stand now, as the console's watcher last saw them."
        csvHref={csv('package-outcomes')}
        chart={
          <InsightsChart
            kind="pie"
            points={outcomes.map((o) => ({ label: o.label, value: o.count, href: o.href, colour: o.colour }))}
          />
        }
        table={
          <FigureTable caption="Outcome mix of the packages sent in the period" head={['Outcome', 'Packages']}>
            {outcomes.map((o) => (
              <tr key={o.outcome}>
                <td className={cell}>
                  <span
                    className="mr-2 inline-block size-2.5 rounded-sm align-middle"
                    style={{ background: o.colour }}
                    aria-hidden="true"
                  />
                  {o.href ? (
                    <Link className={link} href={o.href as Route}>
                      {o.label}
                    </Link>
                  ) : (
                    o.label
                  )}
                </td>
                <td className={num}>{o.count}</td>
              </tr>
            ))}
          </FigureTable>
        }
      />
      <FigureBlock
        id="package-durations"
        title="Time to complete"
        description="From queued to completed, at the API's times, for the packages sent in the period that completed."
        csvHref={csv('package-durations')}
        table={
          <FigureTable caption="Time to complete" head={['Measure', 'Packages', 'Median', '90th percentile']}>
            <tr>
              <td className={cell}>
                <Link className={link} href={packagesHref(filters, { ...period, status: 'completed' })}>
                  Sent to completed
                </Link>
              </td>
              <td className={num}>{data.durations.to_complete.count}</td>
              <td className={num}>{formatDuration(data.durations.to_complete.median_ms)}</td>
              <td className={num}>{formatDuration(data.durations.to_complete.p90_ms)}</td>
            </tr>
            <tr>
              <td className={cell}>Sent to first signature</td>
              <td className={cell} colSpan={3}>
                Not known: a package&apos;s status does not change at a signature, and the console keeps no signer&apos;s history.
              </td>
            </tr>
          </FigureTable>
        }
      />
      <FigureBlock
        id="template-losses"
        title="Declines and expiries by template"
        description="Per template, the packages sent in the period and how many were declined or expired (the most lost first)."
        csvHref={csv('template-losses')}
        chart={
          <InsightsChart
            kind="bar"
            emptyText="No package sent in this period was declined or expired."
            points={data.templates.map((t) => ({
              label: t.template_name ?? t.template_id,
              value: t.declined + t.expired,
              href: packagesHref(filters, {
                ...period,
                template: t.template_id,
                status: t.declined >= t.expired ? 'declined' : 'expired',
              }),
              colour: '#b91c1c',
            }))}
          />
        }
        table={
          <FigureTable caption="Declines and expiries by template" head={['Template', 'Sent', 'Declined', 'Expired']}>
            {data.templates.length === 0 && (
              <tr>
                <td className={cell} colSpan={4}>
                  No packages sent in this period.
                </td>
              </tr>
            )}
            {data.templates.map((t) => (
              <tr key={t.template_id}>
                <td className={cell}>
                  <Link className={link} href={packagesHref(filters, { ...period, template: t.template_id })}>
                    {t.template_name ?? t.template_id}
                  </Link>
                </td>
                <td className={num}>{t.sent}</td>
                <td className={num}>
                  <Link className={link} href={packagesHref(filters, { ...period, template: t.template_id, status: 'declined' })}>
                    {t.declined}
                    <span className="sr-only"> declined</span>
                  </Link>
                </td>
                <td className={num}>
                  <Link className={link} href={packagesHref(filters, { ...period, template: t.template_id, status: 'expired' })}>
                    {t.expired}
                    <span className="sr-only"> expired</span>
                  </Link>
                </td>
              </tr>
            ))}
          </FigureTable>
        }
      />
      <FigureBlock
        id="expiring-soon"
        title="Expiring in the coming 7 days"
        description={`${data.expiring.total} open package${data.expiring.total === 1 ? '' : 's'} (whenever sent) run out of days from now to the end of the 7th day: sent plus the days the sender gave, by the console's clock.`}
        csvHref={csv('expiring-soon')}
        chart={
          <InsightsChart
            kind="bar"
            points={data.expiring.days.map((d) => ({ label: d.day.slice(5), value: d.count, colour: '#b45309' }))}
          />
        }
        table={
          <FigureTable caption="Packages expiring in the coming 7 days" head={['Package', 'Status', 'Expires']}>
            {data.expiring.packages.length === 0 && (
              <tr>
                <td className={cell} colSpan={3}>
                  Nothing expires in the coming 7 days.
                </td>
              </tr>
            )}
            {data.expiring.packages.map((p) => (
              <tr key={p.package_id}>
                <td className={cell}>
                  <Link className={link} href={`/packages/${encodeURIComponent(p.package_id)}` as Route}>
                    {p.template_name ?? p.template_id}
                  </Link>
                  <span className="block text-xs text-slate-600">{p.package_id}</span>
                </td>
                <td className={`${cell} text-right`}>{p.status ?? 'not seen yet'}</td>
                <td className={`${num} whitespace-nowrap`}>
                  <time dateTime={p.expires_at}>{p.expires_at.slice(0, 16).replace('T', ' ')} UTC</time>
                </td>
              </tr>
            ))}
          </FigureTable>
        }
      />
      <section
        aria-labelledby="packages-unseen"
        className="rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
      >
        <h3 id="packages-unseen" className="mb-1 font-semibold">
          What the console did not see
        </h3>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            {unseen.watcher_since
              ? `The watcher has recorded changes of status since ${unseen.watcher_since.slice(0, 16).replace('T', ' ')} UTC.`
              : 'The watcher has recorded no change of status yet: outcomes and times are not known.'}{' '}
            {unseen.sent_before_watcher > 0 &&
              `${unseen.sent_before_watcher} package${unseen.sent_before_watcher === 1 ? ' was' : 's were'} sent before it began: their earlier changes were not seen.`}
          </li>
          <li>
            {unseen.not_seen} package{unseen.not_seen === 1 ? '' : 's'} sent in the period{' '}
            {unseen.not_seen === 1 ? 'has' : 'have'} not been seen by the watcher yet: counted as “not seen”, not as open or
            finished.
          </li>
          <li>
            {unseen.other_means === null
              ? 'Packages sent by other means (not from this console) belong to no team and carry no template record or sender here: they are not counted in a view narrowed by team, template or sender.'
              : `${unseen.other_means} package${unseen.other_means === 1 ? ' was' : 's were'} first seen in the period without having been sent from this console (another app, or the API directly): not counted above.`}
          </li>
          <li>The time to the first signature is not known to the console: it keeps no signer&apos;s history.</li>
        </ul>
      </section>
    </div>
  );
}
