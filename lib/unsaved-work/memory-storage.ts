/** Storage as the browser has it, in memory: keys as own enumerable properties (what clearKeptWork walks). For tests. */
export function memoryStorage(entries: Record<string, string> = {}): Storage {
  const store = { ...entries } as Record<string, string>;
  return Object.assign(store, {
    getItem: (k: string) => store[k] ?? null,
    setItem: (k: string, v: string) => void (store[k] = v),
    removeItem: (k: string) => void delete store[k],
  }) as unknown as Storage;
}
