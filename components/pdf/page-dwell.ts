// A page flung past while scrolling was not read; one that stayed on screen a moment may have
// been. The tracker keeps when each page came on screen and says which have stayed long
// enough. Pure (the caller passes the time and sets the timer), so it is unit-tested.

export class PageDwell {
  private readonly since = new Map<number, number>();
  private readonly counted = new Set<number>();

  constructor(private readonly dwellMs: number) {}

  /**
   * The pages on screen now: those that have stayed `dwellMs` are `due` (once each), and
   * `checkAt` is when the next one will have, if nothing moves; null when none is waiting.
   */
  look(onScreen: readonly number[], now: number): { due: number[]; checkAt: number | null } {
    const shown = new Set(onScreen);
    for (const page of this.since.keys()) if (!shown.has(page)) this.since.delete(page);
    const due: number[] = [];
    let checkAt: number | null = null;
    for (const page of onScreen) {
      if (this.counted.has(page)) continue;
      const from = this.since.get(page) ?? now;
      this.since.set(page, from);
      if (now - from >= this.dwellMs) {
        this.counted.add(page);
        this.since.delete(page);
        due.push(page);
      } else checkAt = Math.min(checkAt ?? Infinity, from + this.dwellMs);
    }
    return { due, checkAt };
  }

  /** Nothing on screen counts towards a dwell any more (pages already due stay counted). */
  reset(): void {
    this.since.clear();
  }
}
