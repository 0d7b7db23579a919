// A small matcher: literal segments, `:name` parameters and a final `*` that takes whatever
// follows (nothing included). A route's method may be `*`, tried after the routes of the
// request's own method: a retired path answers every method, even ones no route names.
// Routes are few and fixed, so a linear scan per method keeps this obvious; hot catalog
// paths match in well under a microsecond.
export interface Match<R> {
  route: R;
  params: Record<string, string>;
}

interface Compiled<R> {
  segments: string[];
  /** the path ends in `*` */
  rest: boolean;
  route: R;
}

export const ANY_METHOD = '*';

export class Router<R extends { method: string; path: string }> {
  private readonly byMethod = new Map<string, Compiled<R>[]>();

  add(route: R): void {
    const list = this.byMethod.get(route.method) ?? [];
    const segments = route.path.split('/').filter(Boolean);
    const rest = segments.at(-1) === '*';
    list.push({ segments: rest ? segments.slice(0, -1) : segments, rest, route });
    this.byMethod.set(route.method, list);
  }

  match(method: string, pathname: string): Match<R> | { allowed: string[] } | null {
    const parts = pathname.split('/').filter(Boolean);
    const hit = this.find(this.byMethod.get(method) ?? [], parts) ?? this.find(this.byMethod.get(ANY_METHOD) ?? [], parts);
    if (hit) return hit;
    const allowed: string[] = [];
    for (const [m, list] of this.byMethod) if (m !== method && this.find(list, parts)) allowed.push(m);
    return allowed.length > 0 ? { allowed } : null;
  }

  private find(list: Compiled<R>[], parts: string[]): Match<R> | null {
    outer: for (const c of list) {
      if (c.rest ? parts.length < c.segments.length : c.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      for (let i = 0; i < c.segments.length; i++) {
        const seg = c.segments[i]!;
        if (seg.startsWith(':')) {
          let value: string;
          try {
            value = decodeURIComponent(parts[i]!);
          } catch {
            continue outer;
          }
          params[seg.slice(1)] = value;
        } else if (seg !== parts[i]) continue outer;
      }
      return { route: c.route, params };
    }
    return null;
  }
}
