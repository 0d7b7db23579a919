'use client';

import { useQuery } from '@tanstack/react-query';
import { homeQuery } from '@/lib/home/queries';

/** How many things need the user: read with home itself, so the badge and home never disagree. */
export function useNeedsYou(enabled: boolean): number {
  const { data } = useQuery({ ...homeQuery(), enabled });
  return data?.needs_you ?? 0;
}

/** The link's words for it: "Home, 2 need you", so a screen reader hears what the badge shows. */
export const homeLinkLabel = (count: number) => (count > 0 ? `Home, ${count} need${count === 1 ? 's' : ''} you` : undefined);

/** The count beside "Home", seen; the link's label says it to a screen reader. */
export function HomeBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span aria-hidden="true" className="ml-1.5 rounded-full bg-amber-400 px-1.5 py-0.5 text-xs font-semibold text-slate-900">
      {count}
    </span>
  );
}
