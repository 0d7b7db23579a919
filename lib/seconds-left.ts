/** Whole seconds left on a countdown, rounded up (so 0 shows only at the end), never negative. */
export const secondsLeft = (until: number, now: number) => Math.max(0, Math.ceil((until - now) / 1000));
