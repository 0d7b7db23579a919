import { problemCount, problemText, type LayoutProblems } from '@/lib/editor/server-errors';

/** What the server refused on the last save; each entry selects its field. */
export function LayoutProblemList({ problems, onSelect }: { problems: LayoutProblems; onSelect(id: string): void }) {
  const count = problemCount(problems);
  if (count === 0) return null;
  return (
    <section aria-labelledby="problems-title" className="rounded-lg border border-red-200 bg-red-50 p-3">
      <h2 id="problems-title" aria-live="assertive" className="text-sm font-semibold text-red-900">
        The server refused the layout: {count} {count === 1 ? 'problem' : 'problems'}
      </h2>
      <ul className="mt-2 flex flex-col gap-1 text-xs text-red-900">
        {problems.general.map((message, i) => (
          <li key={`g${i}`}>{message}</li>
        ))}
        {Object.entries(problems.byField).flatMap(([id, list]) =>
          list.map((p, i) => (
            <li key={`${id}-${i}`}>
              <button
                type="button"
                onClick={() => onSelect(id)}
                className="text-left underline decoration-red-400 underline-offset-2 hover:decoration-red-800"
              >
                <span className="font-semibold">{id}</span> — {problemText(p)}
              </button>
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
