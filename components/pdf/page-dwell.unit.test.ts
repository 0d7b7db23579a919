import { describe, expect, it } from 'vitest';
import { PageDwell } from './page-dwell.ts';

// Times are given, not waited for: the tracker is told "now" at each look.

describe('PageDwell', () => {
  it('counts a page once it has stayed on screen for the dwell, and only once', () => {
    const dwell = new PageDwell(400);
    expect(dwell.look([1], 1_000)).toEqual({ due: [], checkAt: 1_400 });
    expect(dwell.look([1], 1_399)).toEqual({ due: [], checkAt: 1_400 });
    expect(dwell.look([1], 1_400)).toEqual({ due: [1], checkAt: null });
    expect(dwell.look([1], 2_000)).toEqual({ due: [], checkAt: null });
  });

  it('does not count a page that left the screen before its dwell, and starts afresh when it comes back', () => {
    const dwell = new PageDwell(400);
    dwell.look([1, 2], 0);
    expect(dwell.look([2], 300)).toEqual({ due: [], checkAt: 400 });
    expect(dwell.look([1, 2], 350)).toEqual({ due: [], checkAt: 400 });
    expect(dwell.look([1, 2], 400)).toEqual({ due: [2], checkAt: 750 });
    expect(dwell.look([1], 750)).toEqual({ due: [1], checkAt: null });
  });

  it('counts each page of a steady scroll that stays long enough, and skips those flung past', () => {
    const dwell = new PageDwell(400);
    const counted: number[] = [];
    // Pages 1-3 at 500 ms each, then 4-6 at 100 ms each.
    const visits: [number, number][] = [
      [1, 0],
      [2, 500],
      [3, 1_000],
      [4, 1_500],
      [5, 1_600],
      [6, 1_700],
    ];
    for (const [page, at] of visits) {
      // Ticks within each visit, as timers would fire them.
      for (let t = at; t < at + (page <= 3 ? 500 : 100); t += 50) counted.push(...dwell.look([page], t).due);
    }
    counted.push(...dwell.look([], 1_800).due);
    expect(counted).toEqual([1, 2, 3]);
  });

  it('forgets what is on screen when told to (a zoom too small to read, another document)', () => {
    const dwell = new PageDwell(400);
    dwell.look([1], 0);
    dwell.reset();
    expect(dwell.look([1], 300)).toEqual({ due: [], checkAt: 700 });
  });
});
