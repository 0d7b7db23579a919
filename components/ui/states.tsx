import { statusLabel, type StatusFamily } from '@/lib/status-labels';
import { statusTone, type StatusTone } from '@/lib/status-tones';
import { Button } from './button';
import { Card } from './card';
import { EmptyStateHelp } from './empty-state-help';

export function Skeleton({ className = '' }: { className?: string }) {
  return <div className={`animate-pulse rounded bg-slate-200 ${className}`} aria-hidden />;
}

/** Placeholder rows while a list loads. */
export function TableSkeleton({ rows = 6, columns = 4 }: { rows?: number; columns?: number }) {
  return (
    <Card role="status" aria-label="Loading" className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="flex gap-4 px-4 py-3">
          {Array.from({ length: columns }, (_, c) => (
            <Skeleton key={c} className="h-4 flex-1" />
          ))}
        </div>
      ))}
    </Card>
  );
}

/**
 * A page still on its way (an area's loading.tsx): where its title and list will be, shown the
 * moment a tab or area link is clicked.
 */
export function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading page" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-7 w-56 max-w-full" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <TableSkeleton />
    </div>
  );
}

/**
 * A list or screen with nothing to show: what it is and what to do. `help`: a first-time empty
 * list, which also links to the guide's section for the screen (what a newcomer reads first).
 */
export function EmptyState({
  title,
  children,
  action,
  help = false,
}: {
  title: string;
  children?: React.ReactNode;
  action?: React.ReactNode;
  help?: boolean;
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {children && <div className="mt-1 text-sm text-slate-600">{children}</div>}
      {action && <div className="mt-4">{action}</div>}
      {help && <EmptyStateHelp />}
    </div>
  );
}

export function ErrorState({
  title = 'This could not be loaded',
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-6 py-6">
      <p className="font-semibold text-red-900">{title}</p>
      <p className="mt-1 text-sm text-red-800">{message}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

const TONES: Record<StatusTone, string> = {
  gray: 'bg-slate-100 text-slate-800 ring-slate-300',
  green: 'bg-green-50 text-green-800 ring-green-600/30',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  red: 'bg-red-50 text-red-800 ring-red-600/30',
  blue: 'bg-brand-50 text-brand-700 ring-brand-600/30',
};

export function Badge({ tone = 'gray', children }: { tone?: StatusTone; children: React.ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}>
      {children}
    </span>
  );
}

/** A status in words (its family's label, lib/status-labels.ts) in a colour that matches what it means. */
export function StatusBadge({ family, status }: { family: StatusFamily; status: string }) {
  return <Badge tone={statusTone(status)}>{statusLabel(family, status)}</Badge>;
}
