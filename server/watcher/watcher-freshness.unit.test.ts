import 'server-only';
import { describe, expect, it } from 'vitest';
import { watcherAsOf } from './watcher-freshness';

const now = new Date('2026-11-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('watcherAsOf: whether Home reads what the watcher recorded', () => {
  it('answers the last sweep while the watcher is on and swept lately', () => {
    expect(watcherAsOf({ intervalSeconds: 60, sweptAt: ago(30_000), now })).toBe(ago(30_000));
  });

  it('answers null when the watcher is off, even with a sweep recorded before it was turned off', () => {
    expect(watcherAsOf({ intervalSeconds: 0, sweptAt: ago(1_000), now })).toBeNull();
  });

  it('answers null before the first sweep ended, or when its time is unreadable', () => {
    expect(watcherAsOf({ intervalSeconds: 60, sweptAt: null, now })).toBeNull();
    expect(watcherAsOf({ intervalSeconds: 60, sweptAt: 'yesterday', now })).toBeNull();
  });

  it('gives a sweep ten periods, and at least ten minutes, before the API is asked again', () => {
    expect(watcherAsOf({ intervalSeconds: 60, sweptAt: ago(9 * 60_000), now })).not.toBeNull();
    expect(watcherAsOf({ intervalSeconds: 60, sweptAt: ago(11 * 60_000), now })).toBeNull();
    expect(watcherAsOf({ intervalSeconds: 3_600, sweptAt: ago(9 * 3_600_000), now })).not.toBeNull();
    expect(watcherAsOf({ intervalSeconds: 3_600, sweptAt: ago(11 * 3_600_000), now })).toBeNull();
    expect(watcherAsOf({ intervalSeconds: 1, sweptAt: ago(5 * 60_000), now })).not.toBeNull();
  });
});
