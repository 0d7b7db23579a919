import 'server-only';

// A path's pattern, as a label: the route or the API operation a request belongs to, never the
// path itself, whose ids (and the hosted editor's session, a credential) would make a series
// per record and leak what the records are. Segments are `[name]` or `{name}` for one dynamic
// segment and `[...name]` for the rest of the path; as in Next, a static segment wins over a
// dynamic one, and a dynamic one over a catch-all, so `/packages/preview` is not `/packages/[id]`.

interface Node {
  pattern?: string;
  statics: Map<string, Node>;
  dynamic?: Node;
  catchAll?: string;
}

const newNode = (): Node => ({ statics: new Map() });
const isDynamic = (s: string) => /^\[[^.\]][^\]]*\]$|^\{[^}]+\}$/.test(s);
const isCatchAll = (s: string) => /^\[\.\.\.[^\]]+\]$/.test(s);
const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** A function naming the pattern a path matches, or null when none does. */
export function patternMatcher(patterns: readonly string[]): (path: string) => string | null {
  const root = newNode();
  for (const pattern of patterns) {
    let node = root;
    for (const segment of segmentsOf(pattern)) {
      if (isCatchAll(segment)) {
        node.catchAll = pattern;
        node = newNode(); // nothing may follow a catch-all
        break;
      }
      if (isDynamic(segment)) node = node.dynamic ??= newNode();
      else {
        const next = node.statics.get(segment) ?? newNode();
        node.statics.set(segment, next);
        node = next;
      }
    }
    if (!segmentsOf(pattern).some(isCatchAll)) node.pattern = pattern;
  }
  const find = (node: Node, rest: string[]): string | null => {
    if (rest.length === 0) return node.pattern ?? null;
    const [head, ...tail] = rest as [string, ...string[]];
    const statik = node.statics.get(head);
    return (statik && find(statik, tail)) ?? (node.dynamic && find(node.dynamic, tail)) ?? node.catchAll ?? null;
  };
  return (path) => find(root, segmentsOf(path));
}
