// The text an idempotency fingerprint hashes. For JSON data it is exactly JSON.stringify's
// output, so fingerprints stored before stay valid; unlike JSON.stringify it never throws
// and never recurses: any depth, cycles, BigInt, a throwing toJSON or getter. What JSON
// cannot say becomes a token JSON never produces outside a string (`10n`, `<cycle>`,
// `<error>`), so such inputs still differ from every JSON value.

class Token {
  constructor(readonly text: string) {}
}

type Frame = { k: 'value'; value: unknown } | { k: 'text'; text: string } | { k: 'leave'; value: object };

const OMITTED = new Token('null');

/** A property as JSON.stringify sees it: toJSON applied, boxed primitives unboxed; OMITTED for what it skips. */
function resolve(holder: object, key: string): unknown {
  let value: unknown;
  try {
    value = (holder as Record<string, unknown>)[key];
    const toJSON = value !== null && typeof value === 'object' ? (value as { toJSON?: unknown }).toJSON : undefined;
    if (typeof toJSON === 'function') value = (toJSON as (k: string) => unknown).call(value, key);
  } catch {
    return new Token('<error>');
  }
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return value.valueOf();
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return OMITTED;
  return value;
}

const frameOf = (value: unknown): Frame => (value instanceof Token ? { k: 'text', text: value.text } : { k: 'value', value });

export function fingerprintText(root: unknown): string {
  const out: string[] = [];
  const open = new Set<object>(); // the objects being written, to spot a cycle
  const stack: Frame[] = [frameOf(resolve({ '': root }, ''))];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.k === 'text') out.push(frame.text);
    else if (frame.k === 'leave') open.delete(frame.value);
    else out.push(expand(frame.value, open, stack));
  }
  return out.join('');
}

/** A primitive's text; for an array or object its opening bracket, after pushing the frames of the rest. */
function expand(value: unknown, open: Set<object>, stack: Frame[]): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (open.has(value)) return '<cycle>';
  const array = Array.isArray(value);
  const frames: Frame[] = [];
  try {
    const keys = array ? Array.from({ length: value.length }, (_, i) => String(i)) : Object.keys(value);
    for (const key of keys) {
      const item = resolve(value, key);
      // JSON.stringify drops such a property from an object and writes null in an array.
      if (item === OMITTED && !array) continue;
      frames.push({ k: 'text', text: (frames.length > 0 ? ',' : '') + (array ? '' : `${JSON.stringify(key)}:`) }, frameOf(item));
    }
  } catch {
    return '<error>'; // e.g. a revoked Proxy
  }
  open.add(value);
  stack.push({ k: 'leave', value }, { k: 'text', text: array ? ']' : '}' });
  for (let i = frames.length - 1; i >= 0; i--) stack.push(frames[i]!);
  return array ? '[' : '{';
}
