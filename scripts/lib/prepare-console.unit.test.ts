import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env.ts';
import { localSessionPassword } from './prepare-console.ts';

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
