import { describe, expect, it } from 'vitest';
import { clearKeptWork, discardKeptLayout, draftKey, keptInputKey, readKept, recentKey, writeKept } from './kept-work.ts';

/** Storage as the browser has it: keys as own enumerable properties (what clearKeptWork walks). */
function memoryStorage(entries: Record<string, string>): Storage {
  const store = { ...entries } as Record<string, string>;
  return Object.assign(store, {
    getItem: (k: string) => store[k] ?? null,
    setItem: (k: string, v: string) => void (store[k] = v),
    removeItem: (k: string) => void delete store[k],
  }) as unknown as Storage;
}

describe('kept work', () => {
  it('clears every kept layout and form input at sign-out, and nothing else', () => {
    const storage = memoryStorage({
      [draftKey('doc_1')]: '{}',
      [keptInputKey('approval-request.new.wf_access@2')]: '{}',
      [recentKey('usr_1')]: '[]',
      'other-app.setting': 'x',
    });
    clearKeptWork(() => storage);
    expect(Object.keys(storage).filter((k) => typeof storage.getItem(k) === 'string')).toEqual(['other-app.setting']);
  });

  it('keeps nothing, and throws nothing, where storage is blocked', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    expect(readKept(draftKey('doc_1'), blocked)).toBeNull();
    expect(() => writeKept(draftKey('doc_1'), '{}', blocked)).not.toThrow();
    expect(() => clearKeptWork(blocked)).not.toThrow();
  });

  it('discards one document’s layout only', () => {
    const storage = memoryStorage({ [draftKey('doc_1')]: '{}', [draftKey('doc_2')]: '{}' });
    discardKeptLayout('doc_1', () => storage);
    expect(storage.getItem(draftKey('doc_1'))).toBeNull();
    expect(storage.getItem(draftKey('doc_2'))).toBe('{}');
  });
});
