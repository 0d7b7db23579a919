import { describe, expect, it } from 'vitest';
import { recentKey } from '../unsaved-work/browser-store.ts';
import { noteOpened, RECENT_MAX, recentlyOpened } from './recent.ts';
import { hitOf } from './hits.ts';

function memoryStorage(entries: Record<string, string> = {}): () => Storage {
  const store = new Map(Object.entries(entries));
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  } as unknown as Storage;
  return () => storage;
}

describe('recently opened', () => {
  it('lists what a user opened, newest first, each record once, at most RECENT_MAX', () => {
    const storage = memoryStorage();
    for (let i = 0; i < RECENT_MAX + 3; i++)
      noteOpened('usr_1', hitOf('categories', { id: `cat_${i}`, name: `Category ${i}` } as { id: string }), storage);
    noteOpened('usr_1', hitOf('categories', { id: 'cat_5', name: 'Category 5' } as { id: string }), storage);
    const ids = recentlyOpened('usr_1', storage).map((h) => h.id);
    expect(ids).toHaveLength(RECENT_MAX);
    expect(ids[0]).toBe('cat_5');
    expect(ids.filter((id) => id === 'cat_5')).toHaveLength(1);
    expect(ids[1]).toBe(`cat_${RECENT_MAX + 2}`);
    // Another user of the same browser has a list of their own.
    expect(recentlyOpened('usr_2', storage)).toEqual([]);
  });

  it('builds each kind’s entry from the record its page read, with the page to go back to', () => {
    expect(
      hitOf('packages', { id: 'pkg_1', template_name: 'NDA', status: 'completed', console_record: { reference: 'PO-7' } } as {
        id: string;
      }),
    ).toEqual({
      kind: 'packages',
      id: 'pkg_1',
      title: 'NDA',
      detail: 'PO-7 · Completed · pkg_1',
      href: '/packages/pkg_1',
    });
    expect(hitOf('approval-requests', { id: 'ar:1', external_id: 'EXP-1' } as { id: string })).toMatchObject({
      title: 'EXP-1',
      href: '/approvals/ar%3A1',
    });
    expect(hitOf('documents', { id: 'doc_1' })).toMatchObject({ title: 'doc_1', href: '/documents/doc_1' });
  });

  it('ignores whatever else storage holds: junk, other kinds, and paths off this console', () => {
    const good = hitOf('categories', { id: 'cat_1', name: 'One' } as { id: string });
    const storage = memoryStorage({
      [recentKey('usr_1')]: JSON.stringify([
        good,
        { ...good, href: '//evil.example/x' },
        { ...good, href: 'https://evil.example' },
        { ...good, kind: 'users' },
        42,
        null,
      ]),
      [recentKey('usr_2')]: '{not json',
    });
    expect(recentlyOpened('usr_1', storage)).toEqual([good]);
    expect(recentlyOpened('usr_2', storage)).toEqual([]);
  });
});
