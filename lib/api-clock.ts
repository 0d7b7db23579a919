// The Signing API's clock, as the browser learns it. Deadlines the API sets (the preview
// receipt) are kept on the API's clock: a browser whose clock is wrong, or an API whose clock
// moved (the sandbox's can be advanced), must not leave Send enabled for a receipt the API
// already treats as expired. The console passes the API's Date header on under this name.
export const API_DATE_HEADER = 'signing-api-date';

/** The receipt's lifetime by the spec (rule 4), when the API does not say when it ends. */
export const PREVIEW_VALIDITY_MS = 10 * 60_000;

/**
 * API time minus local time (any clock: wall or monotonic), from one exchange. Date is cut to
 * the whole second and was written somewhere between sending and receiving: reading it as one
 * second later, at the moment the request left, errs towards a later API time, so a deadline
 * is never shown open after the API has closed it.
 */
export function offsetFrom(apiDate: string, sentAt: number): number | null {
  const at = Date.parse(apiDate);
  return Number.isFinite(at) ? at + 1000 - sentAt : null;
}

/**
 * When the receipt ends, on the API's clock: its `expires_at` when the API gave one, never
 * later than 10 minutes after the answer's Date; null when the answer had no usable Date.
 */
export function receiptEnd(apiDate: string | null, expiresAt: string | undefined): number | null {
  const issued = apiDate ? Date.parse(apiDate) : NaN;
  if (!Number.isFinite(issued)) return null;
  const stated = expiresAt ? Date.parse(expiresAt) : NaN;
  const latest = issued + PREVIEW_VALIDITY_MS;
  return Number.isFinite(stated) ? Math.min(stated, latest) : latest;
}

type Listener = () => void;

/**
 * Two answers' readings of one clock differ by at most the Date header's second plus a round
 * trip; a larger step back means the clock itself was set back.
 */
const SET_BACK_MS = 5_000;

/**
 * The API's time, kept against the browser's monotonic clock (performance.now), so neither a
 * change of the computer's clock nor an older estimate moves it back: the API's clock only
 * goes forward, and the latest time any answer showed is a floor for its time now.
 */
export class ApiClock {
  /** API time minus performance.now(); null before any answer */
  private offset: number | null = null;
  /** when the request behind the current offset left (performance.now()) */
  private offsetSentAt = Number.NEGATIVE_INFINITY;
  /** performance.now() when an answer last showed the API's time (even one that moved nothing) */
  private heardAt: number | null = null;
  private listeners = new Set<Listener>();

  /**
   * The largest time seen wins. With `followsSetBack`, an answer to a request that left after
   * the one behind the current time, and showing a time more than SET_BACK_MS earlier, also
   * wins: a server's long-lived estimate must follow an API clock that was set back (the
   * sandbox's is, on reset). A slow answer to an older request never moves it back.
   */
  constructor(private readonly followsSetBack = false) {}

  /** An answer's Date, for a request that left at `sentPerf` (performance.now()). */
  note(apiDate: string | null, sentPerf: number, receivedPerf = performance.now()) {
    const offset = apiDate ? offsetFrom(apiDate, sentPerf) : null;
    if (offset === null) return;
    this.heardAt = receivedPerf;
    if (this.offset !== null && !(offset > this.offset || (this.followsSetBack && sentPerf >= this.offsetSentAt && offset < this.offset - SET_BACK_MS))) return;
    this.offsetSentAt = Math.max(this.offsetSentAt, sentPerf);
    const moved = this.offset === null || Math.abs(offset - this.offset) >= 1000;
    this.offset = offset;
    if (moved) for (const l of this.listeners) l();
  }

  /** The API's time at `perf` (default: now); the browser's own clock until an answer said otherwise. */
  now(perf = performance.now()): number {
    return this.offset === null ? Date.now() - (performance.now() - perf) : perf + this.offset;
  }

  /** Whether any answer has shown the API's time yet. */
  get known() {
    return this.offset !== null;
  }

  /** How long ago (ms, at `perf`) an answer last showed the API's time; Infinity before the first. */
  sinceHeard(perf = performance.now()): number {
    return this.heardAt === null ? Number.POSITIVE_INFINITY : perf - this.heardAt;
  }

  /** Changes by whole seconds when an answer moved the clock (for useSyncExternalStore). */
  version = () => (this.offset === null ? 0 : Math.floor(this.offset / 1000));

  subscribe = (l: Listener) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
}

export const apiClock = new ApiClock();
