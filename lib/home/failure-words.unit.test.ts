import { describe, expect, it } from 'vitest';
import { failureWords, WORDED_CODES } from './failure-words.ts';

describe('failureWords', () => {
  it('says each listed code as a sentence, never the code itself', () => {
    for (const code of WORDED_CODES) {
      const words = failureWords(code, 409);
      expect(words, code).toMatch(/^[A-Z].*\.$/);
      expect(words, code).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b/);
    }
    expect(failureWords('RECIPIENT_CHANGED', 409)).toBe(
      'Someone changed the recipient after you opened it, so your edit was not saved.',
    );
  });

  it('says an unlisted code, or none, by what its status means', () => {
    expect(failureWords('SOMETHING_NEW', 409)).toMatch(/^It had changed since it was read/);
    expect(failureWords(null, 404)).toMatch(/^It could not be found any more/);
    expect(failureWords(null, 503)).toBe('The Signing API could not take it just then.');
    // A key of Object's own is not a code with words.
    expect(failureWords('constructor', 418)).toBe('It was refused.');
  });
});
