import { describe, expect, it } from 'vitest';
import { inputKey, layoutKey } from './browser-store.ts';
import { draftIsNewer, dropCopy, readCopy, writeCopy } from './local-copy.ts';
import { memoryStorage } from './memory-storage.ts';

const names = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && typeof (raw as { name?: unknown }).name === 'string'
    ? (raw as { name: string })
    : null;

describe('a local copy', () => {
  const key = inputKey('approval-request.new.wf_1@1');

  it('comes back with its values and when it was kept', () => {
    const storage = memoryStorage();
    writeCopy(key, { name: 'Ada' }, { now: new Date('2030-01-02T03:04:05.000Z'), storage: () => storage });
    expect(readCopy(key, names, () => storage)).toEqual({ values: { name: 'Ada' }, savedAt: '2030-01-02T03:04:05.000Z' });
  });

  it('is none when dropped, written as null, unreadable, or not what the caller takes', () => {
    const storage = memoryStorage({
      [inputKey('garbled')]: '{nope',
      [inputKey('no-time')]: JSON.stringify({ values: { name: 'Ada' } }),
      [inputKey('bad-time')]: JSON.stringify({ values: { name: 'Ada' }, savedAt: 'yesterday' }),
      [inputKey('other-shape')]: JSON.stringify({ values: { count: 1 }, savedAt: '2030-01-01T00:00:00.000Z' }),
    });
    const s = () => storage;
    for (const scope of ['garbled', 'no-time', 'bad-time', 'other-shape', 'absent'])
      expect(readCopy(inputKey(scope), names, s)).toBeNull();
    writeCopy(key, { name: 'Ada' }, { storage: s });
    dropCopy(key, s);
    expect(readCopy(key, names, s)).toBeNull();
    writeCopy(key, { name: 'Ada' }, { storage: s });
    writeCopy(key, null, { storage: s });
    expect(readCopy(key, names, s)).toBeNull();
  });

  it('reads a layout the editor kept flat before copies had one shape', () => {
    const storage = memoryStorage({
      [layoutKey('doc_1')]: JSON.stringify({ name: 'flat', savedAt: '2030-01-01T00:00:00.000Z' }),
    });
    expect(readCopy(layoutKey('doc_1'), names, () => storage)).toEqual({
      values: { name: 'flat' },
      savedAt: '2030-01-01T00:00:00.000Z',
    });
  });

  it('remembers the draft version it was typed over', () => {
    const storage = memoryStorage();
    writeCopy(key, { name: 'Ada' }, { now: new Date('2030-01-02T03:04:05.000Z'), over: 3, storage: () => storage });
    expect(readCopy(key, names, () => storage)).toEqual({
      values: { name: 'Ada' },
      savedAt: '2030-01-02T03:04:05.000Z',
      over: 3,
    });
  });

  it('is older than a draft saved again after it was typed over it, and only then', () => {
    const copy = { over: 3 };
    expect(draftIsNewer(copy, 4)).toBe(true);
    expect(draftIsNewer(copy, 3)).toBe(false);
    expect(draftIsNewer({}, 4)).toBe(false);
    expect(draftIsNewer(null, 4)).toBe(false);
    expect(draftIsNewer(copy, null)).toBe(false);
  });
});
