// The simulated world moves when the sandbox clock passes a due time: each ticker applies
// the transitions that are due and says when it next needs to run. Checked at the start of
// every request, so the cost on the hot path is one comparison.
export type Ticker = (now: number) => number | null;

export class Scheduler {
  private readonly tickers: Ticker[] = [];
  private nextDue = 0;

  register(ticker: Ticker): void {
    this.tickers.push(ticker);
    this.nextDue = 0;
  }

  /** Something changed that may bring a due time forward. */
  poke(): void {
    this.nextDue = 0;
  }

  /** Something new falls due at `at`: cheaper than poke() when the time is known. */
  dueAt(at: number): void {
    if (at < this.nextDue) this.nextDue = at;
  }

  maybeRun(now: number): void {
    if (now < this.nextDue) return;
    let next = Number.POSITIVE_INFINITY;
    for (const tick of this.tickers) {
      const due = tick(now);
      if (due !== null && due < next) next = due;
    }
    this.nextDue = next;
  }
}
