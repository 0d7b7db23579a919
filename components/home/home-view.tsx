'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { Route } from 'next';
import { homeQuery } from '@/lib/home/queries';
import { HOME_SECTION_TITLES, type HomeAnswer, type HomeSection } from '@/lib/home/schemas';
import { Card } from '../ui/card';
import { LoadingBars } from '../ui/read-first';
import { Badge, ErrorState, StatusBadge } from '../ui/states';
import { When } from '../ui/when';
import { DeleteViewButton } from '../saved-views/delete-view-button';
import { DismissButton } from './dismiss-button';

const EMPTY: Record<HomeSection['id'], (s: HomeAnswer['settings']) => string> = {
  needs_you: () =>
    'Nothing needs you: no request is waiting for your revision and every send, upload and submission is confirmed.',
  expiring_soon: (s) => `No active package expires within ${s.expiring_days} days.`,
  stuck: (s) => `Nothing is stuck: nothing is still queued ${s.stuck_hours} h after sending, and nothing is past its SLA.`,
  drafts: () => 'No drafts: what you save as a draft while sending or requesting waits here.',
  finished: () =>
    'Nothing finished since you last looked: no package completed, was declined or expired, and no request was decided.',
  went_wrong: () => 'Nothing you did in the last 24 hours failed and still needs putting right.',
  saved_views: () =>
    'No saved views: filter the packages or approval-requests list, then “Save this view”, and it is listed here.',
};

function SectionCard({
  section,
  settings,
  onRetry,
}: {
  section: HomeSection;
  settings: HomeAnswer['settings'];
  onRetry(): void;
}) {
  const headingId = `home-${section.id}`;
  return (
    <Card as="section" aria-labelledby={headingId} className="p-5">
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        {HOME_SECTION_TITLES[section.id]}
        {!section.error && (
          <span
            className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
            aria-label={`${section.total} items`}
          >
            {section.total}
          </span>
        )}
      </h2>
      {section.error ? (
        <ErrorState title="This section could not be read" message={section.error.message} onRetry={onRetry} />
      ) : section.rows.length === 0 ? (
        <p className="text-sm text-slate-600">{EMPTY[section.id](settings)}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {section.rows.map((row) => (
            <li key={row.key} className="py-2.5">
              <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                {row.status ? (
                  <StatusBadge family={row.status.family} status={row.status.code} />
                ) : (
                  <Badge tone={row.kind === 'Failed' ? 'red' : row.mine ? 'blue' : 'gray'}>{row.kind}</Badge>
                )}
                <Link href={row.href as Route} className="min-w-0 font-medium break-words text-brand-700 hover:underline">
                  {row.title}
                </Link>
                {row.mine && <span className="text-xs text-slate-600">yours</span>}
                {row.shared && (
                  <span className="text-xs text-slate-600">
                    Shared with {row.shared.team}
                    {!row.mine && ` · by ${row.shared.by}`}
                  </span>
                )}
                {row.at && (
                  <span className="ml-auto text-xs text-slate-600">
                    <When at={row.at} />
                  </span>
                )}
                {row.saved_view_id && <DeleteViewButton id={row.saved_view_id} name={row.title} />}
                {row.dismissible && <DismissButton itemKey={row.key} title={row.title} />}
              </div>
              <p className="mt-1 text-sm break-words text-slate-700">{row.detail}</p>
            </li>
          ))}
        </ul>
      )}
      {!section.error && section.total > section.rows.length && (
        <p className="mt-2 text-xs text-slate-600">
          Showing {section.rows.length} of {section.total}.
        </p>
      )}
    </Card>
  );
}

/** Home: what needs the signed-in user now, most urgent first, each section on its own. */
export function HomeView() {
  const query = useQuery(homeQuery());
  if (query.isPending) return <LoadingBars label="Loading home" bars={['h-32 w-full', 'h-24 w-full', 'h-24 w-full']} />;
  if (query.isError)
    return <ErrorState title="Home could not be loaded" message={query.error.message} onRetry={() => void query.refetch()} />;
  const { sections, settings, as_of: asOf } = query.data;
  return (
    <div className="flex flex-col gap-5">
      {asOf && (
        // Quietly: statuses are the watcher's, read from the API at its last sweep, not asked for now.
        <p className="-mb-2 text-xs text-slate-600">
          Statuses as of <When at={asOf} />.
        </p>
      )}
      {sections.map((s) => (
        <SectionCard key={s.id} section={s} settings={settings} onRetry={() => void query.refetch()} />
      ))}
    </div>
  );
}
