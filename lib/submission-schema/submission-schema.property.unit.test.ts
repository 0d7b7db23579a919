import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formDataValidator, readSubmissionSchema, type FieldDescriptor, type FormDataOptions } from './index.ts';

// Property tests of the schema reader and the form_data validator that the console's form,
// the console's route and the sandbox's 422s share. Schemas are generated from the subset
// fields.ts says it reads, as a small model (`Node`) from which the test derives the JSON
// Schema, data that satisfies it, and data broken in exactly one known place, so the
// expected outcome is known without asking the code under test.

type Scalar = string | number | boolean;
type Path = (string | number)[];

interface TextNode {
  t: 'text';
  minLength?: number;
  maxLength?: number;
  pattern?: keyof typeof PATTERNS;
}
interface FormatNode {
  t: 'format';
  format: 'date' | 'date-time' | 'email' | 'uri';
}
interface NumberNode {
  t: 'number' | 'integer';
  /** multipleOf; bounds are whole multiples of `unit` (the step, or 1 / 0.125 without one) */
  step?: number;
  lower?: { at: number; exclusive: boolean };
  upper?: { at: number; exclusive: boolean };
}
interface ChoiceNode {
  t: 'choice';
  values: (string | number)[];
  style: 'enum' | 'typed' | 'oneOf';
}
interface ConstNode {
  t: 'const';
  value: Scalar;
}
interface ObjectNode {
  t: 'object';
  props: { key: string; node: Node; required: boolean }[];
  additional?: boolean;
}
interface ArrayNode {
  t: 'array';
  item: Node;
  minItems?: number;
  maxItems?: number;
  unique?: boolean;
}
type Node =
  TextNode | FormatNode | NumberNode | ChoiceNode | ConstNode | ObjectNode | ArrayNode | { t: 'boolean' } | { t: 'document' };

// Patterns with an alphabet whose every string of a permitted length matches. `letters` has
// letters outside the BMP, so a length in code points and one in UTF-16 units differ.
const PATTERNS = {
  lower: { source: '^[a-z0-9]*$', unit: fc.constantFrom(...'abcxyz0189'), nonEmpty: false },
  letters: { source: '^\\p{L}+$', unit: fc.constantFrom('a', 'Z', 'é', 'ß', 'Ж', '中', '𝒜', '𐐀'), nonEmpty: true },
} as const;

// Keys that are also names on Object.prototype: form_data comes from JSON.parse, so a field
// may well be called `constructor`, and must behave like any other.
const keyArb = fc.oneof(
  { weight: 5, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/) },
  { weight: 1, arbitrary: fc.constantFrom('constructor', 'toString', 'valueOf', 'hasOwnProperty') },
);

const scalarArb: fc.Arbitrary<Scalar> = fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -100, max: 100 }), fc.boolean());

// ---- generating models ----------------------------------------------------------------

const textArb: fc.Arbitrary<TextNode> = fc
  .record(
    {
      a: fc.option(fc.nat(6), { nil: undefined }),
      b: fc.option(fc.nat(6), { nil: undefined }),
      pattern: fc.option(fc.constantFrom('lower', 'letters'), { nil: undefined }),
    },
    { requiredKeys: [] },
  )
  .map(({ a, b, pattern }) => {
    const node: TextNode = { t: 'text' };
    if (a !== undefined) node.minLength = b !== undefined ? Math.min(a, b) : a;
    if (b !== undefined) node.maxLength = a !== undefined ? Math.max(a, b) : b;
    if (pattern) {
      node.pattern = pattern;
      // `letters` needs one letter at least: a field whose rules admit no value is not the point.
      if (PATTERNS[pattern].nonEmpty && node.maxLength === 0) node.maxLength = 1;
    }
    return node;
  });

const boundArb = fc.option(fc.record({ at: fc.integer({ min: -40, max: 40 }), exclusive: fc.boolean() }), { nil: undefined });
const numberArb: fc.Arbitrary<NumberNode> = fc
  .record({
    t: fc.constantFrom('number' as const, 'integer' as const),
    stepPick: fc.nat(5),
    lower: boundArb,
    upper: boundArb,
  })
  .map(({ t, stepPick, lower, upper }) => {
    const steps = t === 'integer' ? [undefined, undefined, 1, 2, 5, 3] : [undefined, undefined, 0.5, 0.25, 0.1, 0.01];
    const node: NumberNode = { t };
    const step = steps[stepPick];
    if (step !== undefined) node.step = step;
    if (lower && upper) {
      // Leave room for at least one value strictly inside both bounds.
      const lo = Math.min(lower.at, upper.at);
      node.lower = { ...lower, at: lo };
      node.upper = { ...upper, at: Math.max(lower.at, upper.at, lo + 2) };
    } else {
      if (lower) node.lower = lower;
      if (upper) node.upper = upper;
    }
    return node;
  });

const choiceArb: fc.Arbitrary<ChoiceNode> = fc.oneof(
  fc.record({
    t: fc.constant('choice' as const),
    values: fc.uniqueArray(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 4 }),
    style: fc.constantFrom('enum' as const, 'typed' as const, 'oneOf' as const),
  }),
  fc.record({
    t: fc.constant('choice' as const),
    values: fc.uniqueArray(fc.integer({ min: -9, max: 9 }), { minLength: 1, maxLength: 4 }),
    style: fc.constantFrom('enum' as const, 'typed' as const, 'oneOf' as const),
  }),
);

const leafArb = (depth: number): fc.Arbitrary<Node> =>
  fc.oneof(
    textArb,
    fc.record({
      t: fc.constant('format' as const),
      format: fc.constantFrom('date' as const, 'date-time' as const, 'email' as const, 'uri' as const),
    }),
    numberArb,
    fc.constant({ t: 'boolean' as const }),
    choiceArb,
    fc.record({ t: fc.constant('const' as const), value: scalarArb }),
    // Documents are attached by a top-level key only (fields.ts refuses them deeper).
    ...(depth === 0 ? [fc.constant({ t: 'document' as const })] : []),
  );

const objectArb = (depth: number): fc.Arbitrary<ObjectNode> =>
  fc
    .record(
      {
        props: fc.uniqueArray(fc.record({ key: keyArb, node: nodeArb(depth + 1), required: fc.boolean() }), {
          minLength: 1,
          maxLength: 4,
          selector: (p) => p.key,
        }),
        additional: fc.boolean(),
      },
      { requiredKeys: ['props'] },
    )
    .map((o) => ({ t: 'object' as const, ...o }));

const arrayArb = (depth: number): fc.Arbitrary<ArrayNode> =>
  fc
    .record(
      {
        item: fc.oneof(leafArb(depth + 1), ...(depth < 1 ? [objectArb(depth + 1)] : [])),
        a: fc.nat(3),
        b: fc.nat(4),
        unique: fc.boolean(),
      },
      { requiredKeys: ['item', 'unique'] },
    )
    .map(({ item, a, b, unique }) => {
      // Distinct entries need a domain larger than the count: uniqueItems goes with free text.
      const node: ArrayNode = { t: 'array', item: unique ? { t: 'text' } : item };
      if (unique) node.unique = true;
      if (a !== undefined) node.minItems = b !== undefined ? Math.min(a, b) : a;
      if (b !== undefined) node.maxItems = a !== undefined ? Math.max(a, b) : b;
      return node;
    });

function nodeArb(depth: number): fc.Arbitrary<Node> {
  if (depth >= 2) return leafArb(depth);
  return fc.oneof(
    { weight: 4, arbitrary: leafArb(depth) },
    { weight: 1, arbitrary: objectArb(depth) },
    { weight: 1, arbitrary: arrayArb(depth) },
  );
}

const rootArb: fc.Arbitrary<ObjectNode> = fc
  .uniqueArray(fc.record({ key: keyArb, node: nodeArb(0), required: fc.boolean() }), {
    minLength: 1,
    maxLength: 5,
    selector: (p) => p.key,
  })
  .map((props) => ({ t: 'object', props, additional: false }));

// ---- the model as JSON Schema --------------------------------------------------------

const unitOf = (n: NumberNode) => n.step ?? (n.t === 'integer' ? 1 : 0.125);

// Annotations the reader must ignore, mixed into some fields.
const annotate = (schema: Record<string, unknown>, key: string): Record<string, unknown> =>
  key.length % 3 === 0
    ? { title: `Field ${key}`, description: 'generated', $comment: 'ignored', examples: [1], ...schema }
    : schema;

function toSchema(node: Node, key = ''): Record<string, unknown> {
  switch (node.t) {
    case 'text': {
      const s: Record<string, unknown> = { type: 'string' };
      if (node.minLength !== undefined) s.minLength = node.minLength;
      if (node.maxLength !== undefined) s.maxLength = node.maxLength;
      if (node.pattern) s.pattern = PATTERNS[node.pattern].source;
      return annotate(s, key);
    }
    case 'format':
      return annotate({ type: 'string', format: node.format }, key);
    case 'number':
    case 'integer': {
      const s: Record<string, unknown> = { type: node.t };
      const u = unitOf(node);
      if (node.step !== undefined) s.multipleOf = node.step;
      if (node.lower) s[node.lower.exclusive ? 'exclusiveMinimum' : 'minimum'] = node.lower.at * u;
      if (node.upper) s[node.upper.exclusive ? 'exclusiveMaximum' : 'maximum'] = node.upper.at * u;
      return annotate(s, key);
    }
    case 'boolean':
      return annotate({ type: 'boolean', default: key.length % 2 === 0 }, key);
    case 'choice': {
      const numeric = typeof node.values[0] === 'number';
      if (node.style === 'oneOf') return { oneOf: node.values.map((v) => ({ const: v, title: `Option ${String(v)}` })) };
      return annotate(
        node.style === 'typed' ? { type: numeric ? 'integer' : 'string', enum: node.values } : { enum: node.values },
        key,
      );
    }
    case 'const':
      return { const: node.value };
    case 'document':
      return annotate({ type: 'string', format: 'document' }, key);
    case 'object': {
      // fromEntries defines own properties, as JSON.parse does, whatever the key.
      const s: Record<string, unknown> = {
        type: 'object',
        properties: Object.fromEntries(node.props.map((p) => [p.key, toSchema(p.node, p.key)])),
        required: node.props.filter((p) => p.required).map((p) => p.key),
      };
      if (node.additional !== undefined) s.additionalProperties = node.additional;
      return s;
    }
    case 'array': {
      const s: Record<string, unknown> = { type: 'array', items: toSchema(node.item) };
      if (node.minItems !== undefined) s.minItems = node.minItems;
      if (node.maxItems !== undefined) s.maxItems = node.maxItems;
      if (node.unique) s.uniqueItems = true;
      return s;
    }
  }
}

/** Every field path a whole reading holds, as fields.ts writes them. */
function pathsOf(node: Node, path: string): string[] {
  if (node.t === 'object') return [path, ...node.props.flatMap((p) => pathsOf(p.node, `${path}.${p.key}`))];
  if (node.t === 'array') return [path, ...pathsOf(node.item, `${path}.*`)];
  return [path];
}
const rootPaths = (root: ObjectNode) => root.props.flatMap((p) => pathsOf(p.node, p.key));
const readPaths = (fields: readonly FieldDescriptor[]): string[] =>
  fields.flatMap((f) => [f.path, ...readPaths(f.fields ?? []), ...(f.item ? readPaths([f.item]) : [])]);

// ---- data that satisfies a model ------------------------------------------------------

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dateArb = fc
  .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);
const dateTimeArb = fc
  .tuple(
    dateArb,
    fc.constantFrom('T', 't'),
    fc.integer({ min: 0, max: 23 }),
    fc.integer({ min: 0, max: 59 }),
    fc.integer({ min: 0, max: 60 }),
    fc.option(fc.stringMatching(/^\.\d{1,6}$/), { nil: '' }),
    fc.oneof(
      fc.constantFrom('Z', 'z'),
      fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`),
    ),
  )
  .map(([d, t, h, m, s, frac, off]) => `${d}${t}${pad(h)}:${pad(m)}:${pad(s)}${frac}${off}`);
const emailArb = fc
  .tuple(
    fc.array(fc.stringMatching(/^[a-z0-9_+-]{1,6}$/), { minLength: 1, maxLength: 3 }),
    fc.array(fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,5}[a-z0-9])?$/), { minLength: 1, maxLength: 3 }),
    fc.stringMatching(/^[a-z]{2,6}$/),
  )
  .map(([local, labels, tld]) => `${local.join('.')}@${labels.join('.')}.${tld}`);

function textValue(node: TextNode, length?: number): fc.Arbitrary<string> {
  const unit = node.pattern ? PATTERNS[node.pattern].unit : 'binary';
  if (length !== undefined) return fc.string({ unit, minLength: length, maxLength: length });
  const min = Math.max(node.minLength ?? 0, node.pattern && PATTERNS[node.pattern].nonEmpty ? 1 : 0);
  return fc.string({ unit, minLength: min, maxLength: node.maxLength ?? Math.max(min, 8) });
}

/** The range of multiples of `unit` a number model admits. */
function indexRange(node: NumberNode): [number, number] {
  const lo = node.lower ? node.lower.at + (node.lower.exclusive ? 1 : 0) : -60;
  const hi = node.upper ? node.upper.at - (node.upper.exclusive ? 1 : 0) : 60;
  return [lo, Math.max(lo, hi)];
}

function valid(node: Node): fc.Arbitrary<unknown> {
  switch (node.t) {
    case 'text':
      return textValue(node);
    case 'format':
      return {
        date: dateArb,
        'date-time': dateTimeArb,
        email: emailArb,
        uri: fc.webUrl({ withQueryParameters: true, withFragments: true }),
      }[node.format];
    case 'number':
    case 'integer': {
      const [lo, hi] = indexRange(node);
      const u = unitOf(node);
      if (node.t === 'number' && node.step === undefined) {
        // Without a step any double in the range will do, bounds included unless exclusive.
        return fc.double({
          min: node.lower ? node.lower.at * u : -1e9,
          max: node.upper ? node.upper.at * u : 1e9,
          minExcluded: node.lower?.exclusive ?? false,
          maxExcluded: node.upper?.exclusive ?? false,
          noNaN: true,
          noDefaultInfinity: true,
        });
      }
      return fc.integer({ min: lo, max: hi }).map((i) => i * u);
    }
    case 'boolean':
      return fc.boolean();
    case 'choice':
      return fc.constantFrom(...node.values);
    case 'const':
      return fc.constant(node.value);
    case 'document':
      return fc.stringMatching(/^doc_[a-z0-9]{4,12}$/);
    case 'object':
      return objectValue(node);
    case 'array': {
      const minLength = node.minItems ?? 0;
      const maxLength = node.maxItems ?? Math.max(minLength, 3);
      return node.unique
        ? fc.uniqueArray(valid(node.item), { minLength, maxLength, comparator: sameJson })
        : fc.array(valid(node.item), { minLength, maxLength });
    }
  }
}

/** Required keys always, optional ones sometimes, and in an open-ended object an extra key. */
function objectValue(node: ObjectNode): fc.Arbitrary<Record<string, unknown>> {
  const entries = node.props.map((p) =>
    fc.tuple(
      fc.constant(p.key),
      p.required
        ? valid(p.node).map((v) => ({ v }))
        : fc.option(
            valid(p.node).map((v) => ({ v })),
            { nil: undefined },
          ),
    ),
  );
  const extra = node.additional ? fc.option(fc.jsonValue({ maxDepth: 1 }), { nil: undefined }) : fc.constant(undefined);
  return fc.tuple(fc.tuple(...entries), extra).map(([pairs, more]) => {
    const out = Object.fromEntries(pairs.flatMap(([k, box]) => (box ? [[k, box.v]] : [])));
    if (more !== undefined) out[freshKey(node)] = more;
    return out;
  });
}

const freshKey = (node: ObjectNode) => `zz_extra_${node.props.map((p) => p.key).join('_').length}`;

/** JSON equality, key order aside: what uniqueItems compares (a round trip folds -0 into 0). */
const sameJson = (a: unknown, b: unknown) => isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

// ---- data broken in one known place --------------------------------------------------

/**
 * What a datum broken once must produce: issues at `path` only (`value`), one "required" at
 * `path` (`missing`), or an unknown key `key` of the object at `path` (`unknown`).
 * `incomplete` breaks are what a draft may still hold (a missing field, too few entries).
 */
interface Broken {
  data: unknown;
  expect: 'value' | 'missing' | 'unknown';
  path: Path;
  key?: string;
  what: string;
  incomplete: boolean;
}

const WRONG_TYPE: Record<Node['t'], unknown> = {
  text: 42,
  format: 7,
  number: '12',
  integer: '3',
  boolean: 'true',
  choice: [],
  const: null,
  document: 5,
  object: ['not', 'an', 'object'],
  array: 'not a list',
};

/** Ways to break this node's own value (not its children), as arbitraries of the bad value. */
/** `at`: where below the node's own path the break is named, when not at the node itself. */
type LocalBreak = { what: string; value: fc.Arbitrary<unknown>; incomplete?: boolean; at?: (data: unknown) => Path };
function localBreaks(node: Node): LocalBreak[] {
  const out: LocalBreak[] = [
    { what: 'wrong type', value: fc.constant(WRONG_TYPE[node.t]) },
  ];
  switch (node.t) {
    case 'text':
      if (node.minLength !== undefined && node.minLength > 0)
        out.push({ what: 'minLength - 1', value: textValue(node, node.minLength - 1) });
      if (node.maxLength !== undefined) out.push({ what: 'maxLength + 1', value: textValue(node, node.maxLength + 1) });
      if (node.pattern) out.push({ what: 'pattern', value: fc.constant('no match!') });
      break;
    case 'format':
      out.push({
        what: `not a ${node.format}`,
        value: fc.constant(
          { date: '2025-02-29', 'date-time': '2026-05-01T09:30:00', email: 'not-an-email', uri: 'relative/path' }[node.format],
        ),
      });
      break;
    case 'number':
    case 'integer': {
      const u = unitOf(node);
      if (node.lower)
        out.push({ what: 'below the lower bound', value: fc.constant((node.lower.at - (node.lower.exclusive ? 0 : 1)) * u) });
      if (node.upper)
        out.push({ what: 'above the upper bound', value: fc.constant((node.upper.at + (node.upper.exclusive ? 0 : 1)) * u) });
      const [lo, hi] = indexRange(node);
      if (node.step !== undefined || node.t === 'integer')
        out.push({
          what: 'between two steps',
          value: fc.integer({ min: lo, max: Math.max(lo, hi - 1) }).map((i) => (i + 0.5) * u),
        });
      break;
    }
    case 'choice': {
      const numeric = typeof node.values[0] === 'number';
      out.push({
        what: 'not an option',
        value: fc.constant(numeric ? Math.max(...(node.values as number[])) + 1 : `none of ${JSON.stringify(node.values)}`),
      });
      break;
    }
    case 'const':
      out.push({
        what: 'another value',
        value: fc.constant(
          typeof node.value === 'string' ? `${node.value}x` : typeof node.value === 'number' ? node.value + 1 : !node.value,
        ),
      });
      break;
    case 'array': {
      const item = valid(node.item);
      if (node.minItems !== undefined && node.minItems > 0)
        out.push({
          what: 'minItems - 1',
          value: node.unique
            ? fc.uniqueArray(item, { minLength: node.minItems - 1, maxLength: node.minItems - 1, comparator: sameJson })
            : fc.array(item, { minLength: node.minItems - 1, maxLength: node.minItems - 1 }),
          incomplete: true,
        });
      if (node.maxItems !== undefined)
        out.push({
          what: 'maxItems + 1',
          value: node.unique
            ? fc.uniqueArray(item, { minLength: node.maxItems + 1, maxLength: node.maxItems + 1, comparator: sameJson })
            : fc.array(item, { minLength: node.maxItems + 1, maxLength: node.maxItems + 1 }),
        });
      // The repeat must be the only thing wrong: the count, repeat included, stays within
      // minItems..maxItems, so an array that holds at most one entry cannot be broken this way.
      const fewest = Math.max(2, node.minItems ?? 0);
      const most = node.maxItems ?? fewest + 2;
      if (node.unique && most >= fewest)
        out.push({
          what: 'a repeated entry',
          // Distinct entries, then the first again: the repeat is named at its own entry.
          value: fc
            .uniqueArray(item, { minLength: fewest - 1, maxLength: most - 1, comparator: sameJson })
            .map((xs) => [...xs, xs[0]]),
          at: (data) => [(data as unknown[]).length - 1],
        });
      break;
    }
    default:
      break;
  }
  return out;
}

function broken(node: Node, path: Path): fc.Arbitrary<Broken> {
  const here = localBreaks(node).map(({ what, value, incomplete, at }) =>
    value.map((data): Broken => ({ data, expect: 'value', path: at ? [...path, ...at(data)] : path, what, incomplete: incomplete ?? false })),
  );
  if (node.t === 'object') return fc.oneof(...here, ...objectBreaks(node, path));
  if (node.t === 'array') {
    const minLength = Math.max(1, node.minItems ?? 0);
    const maxLength = node.maxItems ?? 3;
    if (maxLength < minLength) return fc.oneof(...here);
    // One entry broken among valid ones; being invalid, it cannot repeat any of them.
    const others = node.unique
      ? fc.uniqueArray(valid(node.item), { minLength: minLength - 1, maxLength: maxLength - 1, comparator: sameJson })
      : fc.array(valid(node.item), { minLength: minLength - 1, maxLength: maxLength - 1 });
    const inItem = fc.tuple(others, fc.nat()).chain(([rest, n]) => {
      const at = n % (rest.length + 1);
      return broken(node.item, [...path, at]).map((b): Broken => ({
        ...b,
        data: [...rest.slice(0, at), b.data, ...rest.slice(at)],
      }));
    });
    return fc.oneof(...here, inItem);
  }
  return fc.oneof(...here);
}

function objectBreaks(node: ObjectNode, path: Path): fc.Arbitrary<Broken>[] {
  const out: fc.Arbitrary<Broken>[] = [];
  const base = objectValue(node);
  for (const p of node.props) {
    out.push(fc.tuple(base, broken(p.node, [...path, p.key])).map(([data, b]) => ({ ...b, data: { ...data, [p.key]: b.data } })));
    // A document field may always be left out of form_data (it is answered in `documents`).
    if (p.required && p.node.t !== 'document')
      out.push(
        base.map((data) => ({
          data: Object.fromEntries(Object.entries(data).filter(([k]) => k !== p.key)),
          expect: 'missing' as const,
          path: [...path, p.key],
          what: 'required key left out',
          incomplete: true,
        })),
      );
  }
  if (!node.additional) {
    const key = freshKey(node);
    out.push(
      base.map((data) => ({
        data: { ...data, [key]: 1 },
        expect: 'unknown' as const,
        path,
        key,
        what: 'unknown key',
        incomplete: false,
      })),
    );
  }
  return out;
}

const issuesOf = (fields: readonly FieldDescriptor[], data: unknown, options?: FormDataOptions) => {
  const result = formDataValidator(fields, options).safeParse(data);
  return result.success ? [] : result.error.issues;
};

const RUNS = { numRuns: 60 };

describe('the submission-schema reader and validator (properties)', () => {
  it('reads every schema of the supported subset whole: nothing reported, no field dropped', () => {
    fc.assert(
      fc.property(rootArb, (root) => {
        const reading = readSubmissionSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...toSchema(root) });
        expect(reading.unsupported).toEqual([]);
        expect(readPaths(reading.fields).sort()).toEqual(rootPaths(root).sort());
        expect(reading.required).toEqual(root.props.filter((p) => p.required).map((p) => p.key));
      }),
      RUNS,
    );
  });

  it('accepts data made to satisfy the schema, as a submission and as a draft', () => {
    fc.assert(
      fc.property(
        rootArb.chain((root) => fc.tuple(fc.constant(root), objectValue(root))),
        ([root, data]) => {
          const { fields } = readSubmissionSchema(toSchema(root));
          expect(issuesOf(fields, data)).toEqual([]);
          expect(issuesOf(fields, data, { partial: true })).toEqual([]);
        },
      ),
      RUNS,
    );
  }, 30_000); // generated schemas and data: seconds on a loaded two-core machine

  it('refuses data broken in one place, with every issue at that field’s path', () => {
    fc.assert(
      fc.property(
        rootArb.chain((root) => fc.tuple(fc.constant(root), fc.oneof(...objectBreaks(root, [])))),
        ([root, b]) => {
          const { fields } = readSubmissionSchema(toSchema(root));
          const issues = issuesOf(fields, b.data);
          expect(issues.length, b.what).toBeGreaterThan(0);
          const dotted = b.path.join('.');
          for (const issue of issues) {
            expect(issue.path.join('.'), b.what).toBe(dotted);
            if (b.expect === 'unknown') expect(issue).toMatchObject({ code: 'unrecognized_keys', keys: [b.key] });
            else expect(issue.code, b.what).not.toBe('unrecognized_keys');
            if (b.expect === 'missing') expect(issue.message).toBe('required');
          }
          // A draft holds what is merely incomplete; anything else is wrong in a draft too.
          const draftIssues = issuesOf(fields, b.data, { partial: true });
          if (b.incomplete) expect(draftIssues, b.what).toEqual([]);
          else expect(draftIssues.length, b.what).toBeGreaterThan(0);
        },
      ),
      RUNS,
    );
  });

  it('counts string lengths in code points, not UTF-16 units', () => {
    fc.assert(
      fc.property(fc.nat(5), fc.string({ unit: fc.constantFrom('𝒜', '😀', 'a', 'é'), minLength: 0, maxLength: 8 }), (max, s) => {
        const { fields } = readSubmissionSchema({ type: 'object', properties: { v: { type: 'string', maxLength: max } } });
        expect(issuesOf(fields, { v: s }).length === 0).toBe([...s].length <= max);
      }),
      RUNS,
    );
  });

  it('treats a format it does not read as an annotation: the field is text', () => {
    const READ = new Set(['date', 'date-time', 'email', 'uri', 'document']);
    fc.assert(
      fc.property(
        fc
          .oneof(
            fc.string(),
            fc.constantFrom('toString', 'constructor', 'valueOf', '__proto__', 'hasOwnProperty', 'hostname', 'ipv4'),
          )
          .filter((f) => !READ.has(f)),
        (format) => {
          const reading = readSubmissionSchema({ type: 'object', properties: { v: { type: 'string', format } } });
          expect(reading.unsupported).toEqual([]);
          expect(reading.fields[0]?.kind).toBe('text');
          expect(issuesOf(reading.fields, { v: 'anything at all' })).toEqual([]);
        },
      ),
      RUNS,
    );
  });
});

// ---- unsupported constructs ------------------------------------------------------------

// Written out, not imported from fields.ts: this is what the reader is held to, so a keyword
// dropped from its list there (and then silently accepted by forms) fails here.
const NOT_READ = [
  '$ref',
  '$dynamicRef',
  'allOf',
  'anyOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'minProperties',
  'maxProperties',
  'prefixItems',
  'contains',
  'minContains',
  'maxContains',
  'contentMediaType',
  'contentEncoding',
];

/** A field schema the reader cannot carry, the construct it must name, and where (suffix of the path). */
interface Bad {
  schema: unknown;
  construct: string;
  suffix?: string;
  /** only below the top level */
  nested?: boolean;
}

const BAD: Bad[] = [
  { schema: { type: ['string', 'null'] }, construct: 'type list' },
  { schema: { type: 'null' }, construct: 'type' },
  { schema: { type: 'date' }, construct: 'type' },
  { schema: { title: 'no type' }, construct: 'type' },
  { schema: { oneOf: [{ type: 'string' }, { const: 'a' }] }, construct: 'oneOf' },
  { schema: { oneOf: [] }, construct: 'oneOf' },
  { schema: { enum: [true, false] }, construct: 'enum' },
  { schema: { type: 'string', enum: ['a', 1] }, construct: 'enum' },
  { schema: { type: 'integer', enum: [1.5] }, construct: 'enum' },
  { schema: { type: 'boolean', enum: [true] }, construct: 'enum' },
  { schema: { type: 'string', enum: [] }, construct: 'enum' },
  { schema: { const: null }, construct: 'const' },
  { schema: { const: { a: 1 } }, construct: 'const' },
  { schema: { type: 'string', pattern: '(' }, construct: 'pattern' },
  { schema: { type: 'string', pattern: 5 }, construct: 'pattern' },
  { schema: { type: 'string', minLength: -1 }, construct: 'minLength' },
  { schema: { type: 'string', maxLength: 2.5 }, construct: 'maxLength' },
  { schema: { type: 'string', maxLength: '10' }, construct: 'maxLength' },
  { schema: { type: 'number', minimum: 0, exclusiveMinimum: true }, construct: 'exclusiveMinimum' },
  { schema: { type: 'number', exclusiveMaximum: false }, construct: 'exclusiveMaximum' },
  { schema: { type: 'integer', minimum: '1' }, construct: 'minimum' },
  { schema: { type: 'number', multipleOf: 0 }, construct: 'multipleOf' },
  { schema: { type: 'number', multipleOf: -2 }, construct: 'multipleOf' },
  { schema: { type: 'array' }, construct: 'items' },
  { schema: { type: 'array', items: [{ type: 'string' }] }, construct: 'items' },
  { schema: { type: 'array', items: { type: 'array', items: { type: 'string' } } }, construct: 'list of lists', suffix: '*' },
  { schema: { type: 'array', items: { type: 'string' }, minItems: -1 }, construct: 'minItems' },
  { schema: { type: 'array', items: { $ref: '#/x' } }, construct: '$ref', suffix: '*' },
  { schema: { type: 'object', properties: {}, additionalProperties: { type: 'string' } }, construct: 'additionalProperties' },
  { schema: { type: 'object', properties: [] }, construct: 'properties' },
  { schema: { type: 'object', properties: { a: { type: 'string' } }, required: 'a' }, construct: 'required' },
  { schema: { type: 'object', properties: { a: { type: 'string' } }, required: [1] }, construct: 'required' },
  { schema: true, construct: 'boolean schema' },
  { schema: false, construct: 'boolean schema' },
  { schema: 7, construct: 'not a schema' },
  { schema: null, construct: 'not a schema' },
  { schema: { type: 'string', format: 'document' }, construct: 'format: document', nested: true },
];

/** Where a field schema sits in a generated schema: each object property, and each array's items. */
interface Site {
  path: string;
  depth: number;
  /** an array's items: a list there is a list of lists, a non-object is bad `items` */
  item: boolean;
  set: (schema: Record<string, unknown>, field: unknown) => Record<string, unknown>;
  get: (schema: Record<string, unknown>) => Record<string, unknown>;
}

function sitesOf(node: Node, path: string, depth: number, get: Site['get'], set: Site['set'], item = false): Site[] {
  const here: Site = { path, depth, item, get, set };
  if (node.t === 'object')
    return [
      here,
      ...node.props.flatMap((p) =>
        sitesOf(
          p.node,
          `${path}.${p.key}`,
          depth + 1,
          (s) => (get(s).properties as Record<string, Record<string, unknown>>)[p.key]!,
          (s, f) => set(s, { ...get(s), properties: { ...(get(s).properties as object), ...Object.fromEntries([[p.key, f]]) } }),
        ),
      ),
    ];
  if (node.t === 'array')
    return [
      here,
      ...sitesOf(
        node.item,
        `${path}.*`,
        depth + 1,
        (s) => get(s).items as Record<string, unknown>,
        (s, f) => set(s, { ...get(s), items: f }),
        true,
      ),
    ];
  return [here];
}

function rootSites(root: ObjectNode): Site[] {
  return root.props.flatMap((p) =>
    sitesOf(
      p.node,
      p.key,
      0,
      (s) => (s.properties as Record<string, Record<string, unknown>>)[p.key]!,
      (s, f) => ({ ...s, properties: { ...(s.properties as object), ...Object.fromEntries([[p.key, f]]) } }),
    ),
  );
}

// In an array's items, a non-object and a list are the array's own faults (other tests).
const fitsItems = (b: Bad) =>
  typeof b.schema === 'object' && b.schema !== null && (b.schema as Record<string, unknown>).type !== 'array';

const injected = rootArb.chain((root) =>
  fc.tuple(fc.constant(root), fc.constantFrom(...rootSites(root))).chain(([root, site]) =>
    fc.tuple(
      fc.constant(root),
      fc.constant(site),
      fc.oneof(
        fc.constantFrom(...(site.item ? BAD.filter(fitsItems) : BAD)).map((bad) => ({ kind: 'replace' as const, bad })),
        fc
          .tuple(fc.constantFrom(...NOT_READ), fc.constantFrom<unknown>({}, [], 1, true, 'x'))
          .map(([keyword, value]) => ({ kind: 'add' as const, keyword, value })),
      ),
    ),
  ),
);

describe('unsupported constructs (properties)', () => {
  it('are reported at their field, which is then left out, wherever they sit', () => {
    fc.assert(
      fc.property(injected, ([root, site, change]) => {
        const schema = toSchema(root);
        let expected: { path: string; construct: string };
        let changed: Record<string, unknown>;
        if (change.kind === 'add') {
          changed = site.set(schema, { ...site.get(schema), [change.keyword]: change.value });
          expected = { path: site.path, construct: change.keyword };
        } else {
          const bad =
            change.bad.nested && site.depth === 0
              ? { schema: { type: 'string', format: 'document' }, construct: 'format: document', suffix: undefined }
              : change.bad;
          // A top-level document field is supported; the nested one is put one level down.
          const fieldSchema =
            change.bad.nested && site.depth === 0 ? { type: 'object', properties: { scan: bad.schema } } : bad.schema;
          changed = site.set(schema, fieldSchema);
          const at = change.bad.nested && site.depth === 0 ? `${site.path}.scan` : site.path;
          expected = { path: bad.suffix ? `${at}.${bad.suffix}` : at, construct: bad.construct };
        }
        const reading = readSubmissionSchema(changed);
        expect(reading.unsupported).toEqual([expect.objectContaining(expected)]);
        expect(readPaths(reading.fields)).not.toContain(expected.path);
      }),
      { numRuns: 100 },
    );
  });

  it('at the top level are reported against the schema itself, and no field is offered', () => {
    fc.assert(
      fc.property(rootArb, fc.constantFrom(...NOT_READ), (root, keyword) => {
        const reading = readSubmissionSchema({ ...toSchema(root), [keyword]: {} });
        expect(reading.unsupported).toEqual([expect.objectContaining({ path: '', construct: keyword })]);
        expect(reading.fields).toEqual([]);
      }),
      RUNS,
    );
  });

  it('include a property called "__proto__", which no form and no validator can carry', () => {
    fc.assert(
      fc.property(rootArb, fc.boolean(), (root, required) => {
        const schema = toSchema(root);
        const props = schema.properties as Record<string, unknown>;
        // JSON.parse gives "__proto__" an own property; so does defineProperty here.
        Object.defineProperty(props, '__proto__', {
          value: { type: 'string' },
          enumerable: true,
          configurable: true,
          writable: true,
        });
        if (required) schema.required = [...(schema.required as string[]), '__proto__'];
        const reading = readSubmissionSchema(schema);
        expect(reading.unsupported).toEqual([expect.objectContaining({ path: '__proto__' })]);
        expect(readPaths(reading.fields)).not.toContain('__proto__');
      }),
      RUNS,
    );
  });
});
