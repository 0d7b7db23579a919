import 'server-only';
import { describe, expect, it } from 'vitest';
import { bearerMatches } from './scrape-access';

const TOKEN = 'metrics-token-0123456789-abcdefghijklmnop';

describe('bearerMatches', () => {
  it('takes exactly the configured token as a Bearer credential', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it('refuses no header, another scheme, another token, a prefix or an extension of it', () => {
    for (const header of [
      null,
      '',
      'Bearer',
      'Bearer ',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN} ${TOKEN}`,
      TOKEN,
    ]) {
      expect(bearerMatches(header, TOKEN), String(header)).toBe(false);
    }
  });
});
