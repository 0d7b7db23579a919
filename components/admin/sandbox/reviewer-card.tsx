'use client';

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { statusWords } from '@/lib/status-labels';
import { reviewQueueQuery, type ReviewedRequest } from '@/lib/admin/queries';
import { Facts } from '../../ui/page-header';
import { SearchField, SelectField } from '../../ui/field';
import { useSearchTerm } from '../../ui/use-settled';
import { Badge, ErrorState, Skeleton, StatusBadge } from '../../ui/states';
import { Section } from '../../ui/card';
// The decision form (and the schema reader it names requirements with) loads once a request
// is chosen, not with the panel. React's own lazy: next/dynamic would add its runtime to the page.
const ReviewerForm = lazy(() => import('./reviewer-form').then((m) => ({ default: m.ReviewerForm })));

const optionLabel = (r: ReviewedRequest) =>
  `${r.external_id ?? r.id} · ${r.workflow_name ?? r.workflow_id ?? 'workflow'} · ${r.current_layer_name ?? 'layer ?'}`;

function RequestFacts({ request }: { request: ReviewedRequest }) {
  const remaining = (request.remaining_approval_layers ?? []).map(String);
  return (
    <Facts
      items={[
        [
          'Request',
          <code key="id" className="text-xs">
            {request.id}
          </code>,
        ],
        ['Status', <StatusBadge key="s" family="request" status={request.status} />],
        ['Workflow', `${request.workflow_name ?? request.workflow_id ?? '—'} (${request.workflow_release_id ?? '—'})`],
        ['Current layer', request.current_layer_name ?? '—'],
        ['Layers still ahead', remaining.length > 0 ? remaining.join(' → ') : '—'],
        [
          'SLA due',
          request.sla ? (
            <span key="sla">
              {formatDateTime(request.sla.due_at)} {request.sla.breached && <Badge tone="red">breached</Badge>}
            </span>
          ) : (
            '—'
          ),
        ],
      ]}
    />
  );
}

/** The outcome of the last decision, as the sandbox now has the request. */
function Outcome({ request }: { request: ReviewedRequest }) {
  return (
    <div role="status" className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200">
      <p>
        Last decision: <strong>{request.external_id ?? request.id}</strong> — now {statusWords('request', request.status)}
        {request.status === 'IN_PROGRESS' && request.current_layer_name && <> at layer “{request.current_layer_name}”</>}.
      </p>
      {request.decisions && request.decisions.length > 0 && (
        <ol className="mt-2 list-decimal pl-5 text-xs text-slate-700">
          {request.decisions.map((d) => (
            <li key={`${d.at}-${d.layer}-${d.decision}`}>
              {d.name}: {statusWords('decision', d.decision)} {d.comment ? `— “${d.comment}”` : ''} ({formatDateTime(d.at)})
            </li>
          ))}
        </ol>
      )}
      {!request.decisions?.length && <p className="text-xs text-slate-600">No decisions recorded.</p>}
    </div>
  );
}

function awaitingText(total: number, listed: number, searched: boolean) {
  const what = `${total} ${total === 1 ? 'request' : 'requests'} awaiting a reviewer`;
  const more = total > listed ? `; the newest ${listed} are listed` : '';
  return `${what}${searched ? (total === 1 ? ' matches' : ' match') : ''}${more}.`;
}

/** Plays the human reviewer of the app's IN_PROGRESS approval requests. */
export function ReviewerCard() {
  const [text, setText] = useState('');
  const q = useSearchTerm(text);
  const queue = useQuery(reviewQueueQuery(q));
  const [picked, setPicked] = useState<ReviewedRequest | null>(null);
  const [outcome, setOutcome] = useState<ReviewedRequest | null>(null);
  const items = queue.data?.data ?? [];
  // The freshest copy while it still awaits a reviewer; the last one seen once it no longer does.
  const current = picked ? (items.find((r) => r.id === picked.id) ?? picked) : null;
  const gone = Boolean(picked && queue.data && !queue.isFetching && !items.some((r) => r.id === picked.id));

  return (
    <Section
      variant="panel"
      title="Act as a reviewer"
      description="Decide the current approval layer of a request awaiting review, as a human reviewer would."
    >
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          label="Find by id"
          className="w-48"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="ar_… or external id"
          maxLength={100}
        />
        <SelectField
          label="Request awaiting a reviewer"
          className="min-w-72 flex-1"
          value={current?.id ?? ''}
          onChange={(e) => setPicked(items.find((r) => r.id === e.target.value) ?? null)}
          blank={queue.isPending ? 'Loading…' : items.length === 0 ? 'No request is awaiting a reviewer' : 'Choose a request'}
          options={[
            // One decided elsewhere stays chosen rather than vanish from under the reader.
            ...(current && !items.some((r) => r.id === current.id)
              ? [{ value: current.id, label: `${optionLabel(current)} (no longer awaiting)` }]
              : []),
            ...items.map((r) => ({ value: r.id, label: optionLabel(r) })),
          ]}
          disabled={queue.isPending}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600" aria-live="polite">
        {queue.data ? awaitingText(queue.data.pagination.total, items.length, Boolean(q)) : '\u00a0'}
      </p>
      {queue.isError && <ErrorState message={queue.error.message} onRetry={() => void queue.refetch()} />}
      {queue.isPending && <Skeleton className="mt-3 h-24 w-full" />}
      {current && (
        <div className="mt-4 flex flex-col gap-4">
          {gone && (
            <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              This request is no longer awaiting a reviewer: it was decided or changed elsewhere.
            </p>
          )}
          <RequestFacts request={current} />
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <ReviewerForm
              key={current.id}
              request={current}
              onDone={(updated) => {
                setOutcome(updated);
                setPicked(updated.status === 'IN_PROGRESS' ? updated : null);
              }}
            />
          </Suspense>
        </div>
      )}
      {!current && items.length > 0 && (
        <p className="mt-3 text-sm text-slate-600">Choose a request to see its layers and decide the current one.</p>
      )}
      {outcome && <Outcome request={outcome} />}
    </Section>
  );
}
