import type { Route } from 'next';

// Where a click on a bar, a slice or a table row goes: the list with the same filters. The
// lists' day ranges are whole UTC days (lib/list/date-ranges.ts), so a bucket of the viewer's
// days opens the UTC days of the same dates.

export interface DrillFilters {
  team?: string;
  template?: string;
  workflow?: string;
  sender?: string;
}

function href(path: string, params: Record<string, string | undefined>): Route {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return (text ? `${path}?${text}` : path) as Route;
}

/** The packages list: sent from..to, in a status, with the page's filters. */
export const packagesHref = (filters: DrillFilters, o: { from?: string; to?: string; status?: string; template?: string }) =>
  href('/packages', {
    status: o.status,
    sent_from: o.from,
    sent_to: o.to,
    template: o.template ?? filters.template,
    sender: filters.sender,
    team: filters.team,
  });

/** The approval requests list: submitted from..to, in a status, of a workflow, with the page's filters. */
export const approvalsHref = (filters: DrillFilters, o: { from?: string; to?: string; status?: string; workflow?: string }) =>
  href('/approvals', {
    status: o.status,
    sent_from: o.from,
    sent_to: o.to,
    workflow: o.workflow ?? filters.workflow,
    sender: filters.sender,
    team: filters.team,
  });
