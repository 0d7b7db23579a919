import { describe, expect, it } from 'vitest';
import { clearKeptWork, inputKey, layoutKey, readKept, recentKey, writeKept } from './browser-store.ts';
import { memoryStorage } from './memory-storage.ts';

describe('the browser store', () => {
  it('clears every kept layout, form input and recent record at sign-out, and nothing else', () => {
    const storage = memoryStorage({
      [layoutKey('doc_1')]: '{}',
      [inputKey('approval-request.new.wf_access@2')]: '{}',
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
    expect(readKept(layoutKey('doc_1'), blocked)).toBeNull();
    expect(() => writeKept(layoutKey('doc_1'), '{}', blocked)).not.toThrow();
    expect(() => clearKeptWork(blocked)).not.toThrow();
  });

  it('writes and drops one key only', () => {
    const storage = memoryStorage({ [layoutKey('doc_1')]: '{}', [layoutKey('doc_2')]: '{}' });
    writeKept(layoutKey('doc_1'), null, () => storage);
    expect(storage.getItem(layoutKey('doc_1'))).toBeNull();
    expect(storage.getItem(layoutKey('doc_2'))).toBe('{}');
  });
});
