'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { Route } from 'next';
import { batchesQuery } from '@/lib/bulk/queries';
import { LinkButton } from '../ui/link-button';
import { QueryState } from '../ui/query-state';
import { EmptyState, TableSkeleton } from '../ui/states';
import { When } from '../ui/when';
import { BatchProgress } from './batch-progress';
import { BatchStateBadge } from './batch-state-badge';

/** The signed-in sender's batches, latest activity first, each with its progress. */
export function BatchesList() {
  const query = useQuery(batchesQuery());
  return (
    <QueryState query={query} skeleton={<TableSkeleton rows={3} columns={3} />} errorTitle="Your batches could not be loaded">
      {(batches) =>
        batches.length === 0 ? (
          <EmptyState
            title="No bulk sends yet"
            help
            action={<LinkButton href="/catalog/document-sign-templates">Choose a template</LinkButton>}
          >
            On a document-sign template, “Send in bulk” makes a batch of packages from a spreadsheet. You review every package
            before it is sent.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Batches">
            {batches.map((b) => (
              <li key={b.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <Link
                      href={`/packages/bulk/${encodeURIComponent(b.id)}` as Route}
                      className="break-words font-semibold text-brand-700 hover:underline"
                    >
                      {b.name}
                    </Link>
                    <p className="text-xs text-slate-600">
                      {b.template_name} · <When at={b.updated_at} prefix="last activity " />
                    </p>
                  </div>
                  <BatchStateBadge batch={b} />
                </div>
                <BatchProgress batch={b} />
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}
