import { describe, expect, it } from 'vitest';
import { repeatedSigners, repeatedSignerWarning } from './repeated-signers.ts';

const signer = (email: string) => ({ email });

describe('repeatedSigners', () => {
  it('maps each slot whose e-mail an earlier slot already has to that earlier slot, whatever the case or spaces', () => {
    expect([...repeatedSigners([signer('a@x.io'), signer('b@x.io'), signer(' A@X.io '), signer('b@x.io')])]).toEqual([
      [2, 0],
      [3, 1],
    ]);
  });

  it('ignores blank e-mails and distinct people', () => {
    expect(repeatedSigners([signer(''), signer(' '), signer('a@x.io'), signer('b@x.io')]).size).toBe(0);
  });
});

describe('repeatedSignerWarning', () => {
  it('names the earlier slot and says the person will be asked twice', () => {
    expect(repeatedSignerWarning('Company signatory')).toMatch(/Company signatory.*twice/);
  });
});
