import { readKept, writeKept, type StorageSource } from './browser-store.ts';

// A copy of unsaved work kept in this browser, with when it was kept and the version of the
// console's draft it was typed over, so a later visit can say what it restored and whether the
// draft was saved again elsewhere since.

export interface LocalCopy<T> {
  values: T;
  /** when it was kept (ISO), said when it is restored */
  savedAt: string;
  /** the version of the console's draft the typing started from, if it was one */
  over?: number;
}

/** Whatever anyone wrote there: the caller says which values it takes, and anything else is none. */
export type AcceptValues<T> = (raw: unknown) => T | null;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The copy kept under `key`, or null when there is none or it is not one the caller takes. */
export function readCopy<T>(key: string, accept: AcceptValues<T>, storage?: StorageSource): LocalCopy<T> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readKept(key, storage) ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.savedAt !== 'string' || Number.isNaN(Date.parse(parsed.savedAt))) return null;
  // The editor kept its layouts flat, the time beside the values, before copies had one shape:
  // one kept that way still comes back.
  const { savedAt, over, ...flat } = parsed;
  const values = accept('values' in parsed ? parsed.values : flat);
  if (values === null) return null;
  return Number.isInteger(over) ? { values, savedAt, over: over as number } : { values, savedAt };
}

interface WriteOptions {
  now?: Date;
  /** the version of the console's draft the values were typed over */
  over?: number;
  storage?: StorageSource;
}

/** Keeps `values` under `key` as of `now`; null drops the copy. */
export function writeCopy<T>(key: string, values: T | null, { now = new Date(), over, storage }: WriteOptions = {}) {
  const copy: LocalCopy<T> | null =
    values === null ? null : { values, savedAt: now.toISOString(), ...(over === undefined ? {} : { over }) };
  writeKept(key, copy && JSON.stringify(copy), storage);
}

/** Drops the copy kept under `key` (the work was saved, sent, or left on purpose). */
export const dropCopy = (key: string, storage?: StorageSource) => writeKept(key, null, storage);

/**
 * Whether the console's draft was saved again after this browser's copy was typed over it:
 * another tab or window saved since. By versions, not times: the copy's time is the browser's
 * clock and the draft's the server's. The copy is still the user's own typing, so it is shown,
 * and the notice lets them take the saved draft instead.
 */
export function draftIsNewer(copy: Pick<LocalCopy<unknown>, 'over'> | null, draftVersion: number | null | undefined) {
  if (copy?.over === undefined || draftVersion === null || draftVersion === undefined) return false;
  return draftVersion > copy.over;
}
