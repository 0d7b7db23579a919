import 'server-only';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env.ts';
import { demoPassword, localSessionPassword } from './prepare-console.ts';

// The generated password of a local install is one plain SESSION_PASSWORD entry: no comma
// to split it, no `id:` prefix to misread, and the same on every start.
describe('localSessionPassword', () => {
  it('generates one stable password that reads back as a single session key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'signdesk-pw-'));
    try {
      const password = localSessionPassword(dir);
      expect(localSessionPassword(dir)).toBe(password);
      const keys = parseEnv({
        SIGNING_API_BASE_URL: 'http://127.0.0.1:1',
        SIGNING_API_KEY: 'prepare-unit-test-key',
        SESSION_PASSWORD: password,
      }).SESSION_PASSWORD;
      expect(keys).toEqual([{ id: expect.stringMatching(/^\d+$/), secret: password }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The sign-in page names `demo-password` in the data folder, or DEMO_PASSWORD when that is set:
// the file is there, owner-only, exactly when it holds the password that signs in.
describe('demoPassword', () => {
  it('generates one once, kept owner-only in demo-password, the same on every start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'signdesk-demo-'));
    try {
      const password = demoPassword(dir, undefined);
      expect(readFileSync(join(dir, 'demo-password'), 'utf8')).toBe(password);
      expect(statSync(join(dir, 'demo-password')).mode & 0o777).toBe(0o600);
      expect(demoPassword(dir, undefined)).toBe(password);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes DEMO_PASSWORD, writes no file, and removes one an earlier start left', () => {
    const dir = mkdtempSync(join(tmpdir(), 'signdesk-demo-'));
    try {
      expect(demoPassword(dir, 'given-demo-password')).toBe('given-demo-password');
      expect(existsSync(join(dir, 'demo-password'))).toBe(false);
      writeFileSync(join(dir, 'demo-password'), 'demo-an-earlier-one', { mode: 0o600 });
      expect(demoPassword(dir, 'given-demo-password')).toBe('given-demo-password');
      expect(existsSync(join(dir, 'demo-password')), 'the stale file no longer signs anyone in').toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
