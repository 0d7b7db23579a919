import 'server-only';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { secretPattern } from '../scrub';
import { routeConsoleTo, serverLogger } from './server-log';

// The console server's log: one JSON object a line, whatever writes it (Next writes through
// console.*), scrubbed of the configured secrets and of key-shaped tokens.
const original = { log: console.log, info: console.info, warn: console.warn, error: console.error, debug: console.debug };
afterEach(() => Object.assign(console, original));

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const log = serverLogger(
    { level: 'debug', instance: 'web-1:3000', secrets: () => secretPattern(['the-session-password-value-0123']) },
    sink,
  );
  return { log, lines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('the console server log', () => {
  it('writes one JSON object a line, with the instance and the pid, secrets scrubbed', () => {
    const { log, lines } = capture();
    log.info({ note: 'sealed with the-session-password-value-0123' }, 'key sk_live_abcdef123456 in a message');
    const [line] = lines();
    expect(line).toMatchObject({ level: 'info', instance: 'web-1:3000', pid: process.pid, service: 'signdesk-console' });
    expect(JSON.stringify(line)).not.toMatch(/the-session-password-value|sk_live_abcdef/);
    expect(line!.msg).toBe('key [redacted] in a message');
  });

  it("routes console.* (Next's output) through it: an error's stack inside its one line, an outage without a stack", () => {
    const { log, lines } = capture();
    routeConsoleTo(log);
    console.error(' ⨯', new Error('failed near the-session-password-value-0123'));
    console.log('✓ Compiled');
    console.error(Object.assign(new Error("The console's database is unavailable."), { digest: 'DATABASE_UNAVAILABLE' }));
    const [error, compiled, outage] = lines();
    expect(error).toMatchObject({ level: 'error', msg: 'failed near [redacted]' });
    expect((error!.err as { stack: string }).stack).toContain('at ');
    expect(compiled).toMatchObject({ level: 'info', msg: 'Compiled' });
    expect(outage).toMatchObject({ level: 'warn', code: 'DATABASE_UNAVAILABLE', msg: 'console database unavailable (page)' });
    expect(outage).not.toHaveProperty('err');
  });
});
