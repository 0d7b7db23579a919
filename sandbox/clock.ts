import type { Db } from './store/db.ts';

// The sandbox's notion of now: real time plus an offset that the control plane moves forward.
// The offset is persisted, so a restart does not travel back in time.
export class Clock {
  private offsetMs: number;

  constructor(private readonly db: Db) {
    const row = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'clock_offset_ms'").get();
    this.offsetMs = row ? Number(row.value) : 0;
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  iso(ms = this.now()): string {
    return new Date(ms).toISOString();
  }

  reset(): void {
    this.offsetMs = 0;
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
    this.db
      .prepare(
        "INSERT INTO meta (key, value) VALUES ('clock_offset_ms', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      )
      .run(String(this.offsetMs));
  }
}
