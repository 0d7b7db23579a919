import { describe, expect, it } from 'vitest';
import { ConsoleApiError } from '../api-error.ts';
import { IntentKey, outcomeOf } from './intent-key.ts';

function keys() {
  let n = 0;
  return new IntentKey('test', (scope) => `${scope}-${++n}`);
}

describe('IntentKey', () => {
  it('reuses the key while the same action is retried after an unknown outcome', () => {
    const intent = keys();
    const first = intent.take('a');
    intent.settle('unknown');
    expect(intent.unknown).toBe(true);
    expect(intent.take('a')).toBe(first);
  });

  it('hands the same key to a second take of the same action before any answer (a double click)', () => {
    const intent = keys();
    expect(intent.take('a')).toBe(intent.take('a'));
  });

  it('takes a new key after a definite answer, success or refusal', () => {
    const intent = keys();
    const first = intent.take('a');
    intent.settle('done');
    const second = intent.take('a');
    expect(second).not.toBe(first);
    intent.settle('refused');
    expect(intent.take('a')).not.toBe(second);
    expect(intent.unknown).toBe(false);
  });

  it('takes a new key for a different action even while the last outcome is unknown', () => {
    const intent = keys();
    const first = intent.take('a');
    intent.settle('unknown');
    expect(intent.take('b')).not.toBe(first);
    expect(intent.unknown).toBe(false);
  });

  it('prefixes keys with its scope', () => {
    expect(keys().take('a')).toBe('test-1');
  });
});

describe('outcomeOf', () => {
  it('counts only definite API answers as refusals', () => {
    expect(outcomeOf(new ConsoleApiError(422, 'VALIDATION_FAILED', 'bad'))).toBe('refused');
    expect(outcomeOf(new ConsoleApiError(409, 'CONFLICT', 'stale'))).toBe('refused');
    expect(outcomeOf(new ConsoleApiError(0, 'NETWORK_ERROR', 'offline'))).toBe('unknown');
    expect(outcomeOf(new ConsoleApiError(503, 'UNAVAILABLE', 'later'))).toBe('unknown');
    expect(outcomeOf(new ConsoleApiError(409, 'IDEMPOTENCY_IN_PROGRESS', 'running'))).toBe('unknown');
    expect(outcomeOf(new TypeError('failed to fetch'))).toBe('unknown');
  });
});
