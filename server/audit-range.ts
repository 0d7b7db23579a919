import 'server-only';

/** Inclusive calendar days (UTC) as a half-open ISO range. */
export function dayRange(from?: string, to?: string) {
  const next = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
  return { from: from ? `${from}T00:00:00.000Z` : undefined, to: to ? next(to) : undefined };
}
