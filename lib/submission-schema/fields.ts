import { readPattern } from './pattern-syntax.ts';

// A workflow release's submission schema (DESIGN.md section 3), a JSON Schema 2020-12 object,
// read into the fields a form can carry. One reading serves the browser's form, the console
// route's check and the sandbox's validation (validator.ts), so all three agree.
//
// Read: type string|number|integer|boolean|object|array; title, description, default; enum of
// strings and numbers; const; oneOf of constants (a choice); pattern (as far as RE2 can run
// it: pattern-syntax.ts), minLength, maxLength;
// minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf; format date, date-time,
// email, uri and document (other formats are annotations, as JSON Schema treats them);
// properties and required; items, minItems, maxItems, uniqueItems; additionalProperties true
// or false. Other annotations ($id, $comment, examples...) are ignored. A keyword that changes
// what is valid and is not read here is reported with its field, never silently dropped: a
// form that ignored it would accept what the API refuses.

export type Scalar = string | number | boolean;

export type FieldKind =
  | 'text'
  | 'email'
  | 'date'
  | 'date-time'
  | 'uri'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'choice'
  | 'constant'
  | 'document'
  | 'object'
  | 'array';

export interface ChoiceOption {
  value: string | number;
  label: string;
}

export interface FieldDescriptor {
  /** the property's key (an array's item has its array's key) */
  key: string;
  /** dotted path from form_data's root; an array's items add `*` */
  path: string;
  title: string;
  description?: string;
  /** the schema's first string example (`examples`), to say what a pattern wants in a message */
  example?: string;
  kind: FieldKind;
  required: boolean;
  /** `default`, when it fits the field */
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  min?: number;
  max?: number;
  exclusiveMin?: number;
  exclusiveMax?: number;
  multipleOf?: number;
  options?: readonly ChoiceOption[];
  /** a `const`: the only value, sent as it is */
  value?: Scalar;
  /** an object's properties */
  fields?: FieldDescriptor[];
  /** unknown keys allowed (`additionalProperties: true`) */
  openEnded?: boolean;
  /** an array's item */
  item?: FieldDescriptor;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

export interface UnsupportedConstruct {
  /** dotted path of the field (`*` for an array's items); '' for the schema itself */
  path: string;
  /** the keyword or shape, e.g. "$ref" */
  construct: string;
  message: string;
}

export interface SubmissionSchemaReading {
  fields: FieldDescriptor[];
  required: string[];
  unsupported: UnsupportedConstruct[];
}

/** What a parsed schema is handed around as (the sandbox's records and the API's answers alike). */
export type SubmissionSchemaDocument = Record<string, unknown>;

const VALIDATING_KEYWORDS_NOT_READ = [
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

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);
const STRING_FORMATS: Record<string, FieldKind> = { date: 'date', 'date-time': 'date-time', email: 'email', uri: 'uri', document: 'document' };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

class Reader {
  readonly unsupported: UnsupportedConstruct[] = [];

  note(path: string, construct: string, message: string) {
    this.unsupported.push({ path, construct, message });
  }

  /** A property's schema, or null when it cannot be a form field (noted). */
  field(key: string, path: string, raw: unknown, required: boolean, depth: number): FieldDescriptor | null {
    if (!isRecord(raw)) {
      this.note(path, typeof raw === 'boolean' ? 'boolean schema' : 'not a schema', 'is not a schema object, so no form field can be drawn for it');
      return null;
    }
    const found = VALIDATING_KEYWORDS_NOT_READ.filter((k) => k in raw);
    for (const k of found) this.note(path, k, `uses "${k}", which the console cannot check in a form`);
    if (found.length > 0) return null;
    const base: FieldDescriptor = { key, path, title: typeof raw.title === 'string' && raw.title.trim() ? raw.title : key, kind: 'text', required };
    if (typeof raw.description === 'string' && raw.description) base.description = raw.description;
    if (Array.isArray(raw.examples) && typeof raw.examples[0] === 'string' && raw.examples[0]) base.example = raw.examples[0];

    if ('const' in raw) return this.constant(base, raw);
    if ('oneOf' in raw) return this.oneOf(base, raw);
    const type = raw.type;
    if (Array.isArray(type)) {
      this.note(path, 'type list', `has a list of types (${type.map(String).join(', ')}); a form field holds one type`);
      return null;
    }
    if (type === undefined && 'enum' in raw) return this.choice(base, raw, raw.enum);
    if (typeof type !== 'string' || !TYPES.has(type)) {
      this.note(path, 'type', type === undefined ? 'has no "type"' : `has type "${String(type)}", which no form field holds`);
      return null;
    }
    if ('enum' in raw) return type === 'string' || type === 'number' || type === 'integer' ? this.choice(base, raw, raw.enum, type) : this.unsupportedEnum(path, type);
    switch (type) {
      case 'string':
        return this.string(base, raw, depth);
      case 'number':
      case 'integer':
        return this.number(base, raw, type);
      case 'boolean':
        return this.withDefault({ ...base, kind: 'boolean' }, raw, (v) => typeof v === 'boolean');
      case 'object':
        return this.object(base, raw, depth);
      default:
        return this.array(base, raw, depth);
    }
  }

  private withDefault(field: FieldDescriptor, raw: Record<string, unknown>, fits: (v: unknown) => boolean): FieldDescriptor {
    if ('default' in raw && fits(raw.default)) field.default = raw.default;
    return field;
  }

  private constant(base: FieldDescriptor, raw: Record<string, unknown>): FieldDescriptor | null {
    const value = raw.const;
    if (typeof value !== 'string' && typeof value !== 'boolean' && !isNumber(value)) {
      this.note(base.path, 'const', 'has a "const" that is not a string, number or boolean');
      return null;
    }
    return { ...base, kind: 'constant', value };
  }

  private oneOf(base: FieldDescriptor, raw: Record<string, unknown>): FieldDescriptor | null {
    const branches = raw.oneOf;
    const consts = Array.isArray(branches) && branches.length > 0 && branches.every((b) => isRecord(b) && (typeof b.const === 'string' || isNumber(b.const)));
    if (!consts) {
      this.note(base.path, 'oneOf', 'uses "oneOf" other than a list of constants; only a choice of constants can be a form field');
      return null;
    }
    const options = (branches as Record<string, unknown>[]).map((b) => ({
      value: b.const as string | number,
      label: typeof b.title === 'string' && b.title ? b.title : String(b.const),
    }));
    return this.withDefault({ ...base, kind: 'choice', options }, raw, (v) => options.some((o) => o.value === v));
  }

  private choice(base: FieldDescriptor, raw: Record<string, unknown>, values: unknown, type?: string): FieldDescriptor | null {
    const fits = (v: unknown) =>
      type === 'string' ? typeof v === 'string' : type === 'integer' ? Number.isInteger(v) : type === 'number' ? isNumber(v) : typeof v === 'string' || isNumber(v);
    if (!Array.isArray(values) || values.length === 0 || !values.every(fits)) {
      this.note(base.path, 'enum', `has an "enum" that is not a non-empty list of ${type === 'string' ? 'strings' : type ? 'numbers' : 'strings and numbers'}`);
      return null;
    }
    const options = (values as (string | number)[]).map((value) => ({ value, label: String(value) }));
    return this.withDefault({ ...base, kind: 'choice', options }, raw, (v) => options.some((o) => o.value === v));
  }

  private unsupportedEnum(path: string, type: string): null {
    this.note(path, 'enum', `has an "enum" on a field of type ${type}; choices are of strings or numbers`);
    return null;
  }

  private string(base: FieldDescriptor, raw: Record<string, unknown>, depth: number): FieldDescriptor | null {
    const format = typeof raw.format === 'string' ? raw.format : undefined;
    // Own keys only: a format called "toString" is an annotation, not Object.prototype's function.
    const kind = (format !== undefined && Object.hasOwn(STRING_FORMATS, format) && STRING_FORMATS[format]) || 'text';
    if (kind === 'document' && depth > 0) {
      this.note(base.path, 'format: document', 'is a document field inside an object or a list; documents are attached by a top-level field key');
      return null;
    }
    const field: FieldDescriptor = { ...base, kind };
    if (kind === 'document') return field;
    if ('minLength' in raw) {
      if (!isCount(raw.minLength)) return this.badBound(base.path, 'minLength');
      field.minLength = raw.minLength;
    }
    if ('maxLength' in raw) {
      if (!isCount(raw.maxLength)) return this.badBound(base.path, 'maxLength');
      field.maxLength = raw.maxLength;
    }
    if ('pattern' in raw) {
      // Read without its engine (re2js, loaded with the validator): what it cannot run is named here.
      const reading = readPattern(raw.pattern);
      if (!reading.ok) {
        this.note(base.path, 'pattern', `has a "pattern" that ${reading.problem}`);
        return null;
      }
      field.pattern = reading.pattern;
    }
    return this.withDefault(field, raw, (v) => typeof v === 'string');
  }

  private number(base: FieldDescriptor, raw: Record<string, unknown>, type: 'number' | 'integer'): FieldDescriptor | null {
    const field: FieldDescriptor = { ...base, kind: type };
    const bounds = [
      ['minimum', 'min'],
      ['maximum', 'max'],
      ['exclusiveMinimum', 'exclusiveMin'],
      ['exclusiveMaximum', 'exclusiveMax'],
      ['multipleOf', 'multipleOf'],
    ] as const;
    for (const [keyword, name] of bounds) {
      if (!(keyword in raw)) continue;
      const v = raw[keyword];
      if (typeof v === 'boolean' && keyword.startsWith('exclusive')) {
        this.note(base.path, keyword, `has "${keyword}" as a boolean (draft 4); 2020-12 gives it the bound itself`);
        return null;
      }
      if (!isNumber(v) || (keyword === 'multipleOf' && v <= 0)) return this.badBound(base.path, keyword);
      field[name] = v;
    }
    return this.withDefault(field, raw, (v) => isNumber(v) && (type === 'number' || Number.isInteger(v)));
  }

  private object(base: FieldDescriptor, raw: Record<string, unknown>, depth: number): FieldDescriptor | null {
    const field: FieldDescriptor = { ...base, kind: 'object' };
    const read = this.properties(base.path, raw, depth + 1);
    if (!read) return null;
    field.fields = read;
    if (raw.additionalProperties === true) field.openEnded = true;
    return field;
  }

  private array(base: FieldDescriptor, raw: Record<string, unknown>, depth: number): FieldDescriptor | null {
    const items = raw.items;
    if (!isRecord(items)) {
      this.note(base.path, 'items', items === undefined ? 'is a list without "items"; a form needs to know what each row holds' : 'has "items" that is not one schema');
      return null;
    }
    if (items.type === 'array') {
      this.note(`${base.path}.*`, 'list of lists', 'is a list of lists; a form row holds a value or an object');
      return null;
    }
    const item = this.field(base.key, `${base.path}.*`, items, true, depth + 1);
    if (!item) return null;
    const field: FieldDescriptor = { ...base, kind: 'array', item };
    for (const keyword of ['minItems', 'maxItems'] as const) {
      if (!(keyword in raw)) continue;
      if (!isCount(raw[keyword])) return this.badBound(base.path, keyword);
      field[keyword] = raw[keyword];
    }
    if (raw.uniqueItems === true) field.uniqueItems = true;
    return this.withDefault(field, raw, Array.isArray);
  }

  private badBound(path: string, keyword: string): null {
    this.note(path, keyword, `has a "${keyword}" that is not a ${keyword === 'multipleOf' ? 'positive number' : keyword.includes('Length') || keyword.includes('Items') ? 'whole number of 0 or more' : 'number'}`);
    return null;
  }

  /** An object's properties in schema order; null when the object itself is unreadable. */
  properties(path: string, raw: Record<string, unknown>, depth: number): FieldDescriptor[] | null {
    if ('additionalProperties' in raw && typeof raw.additionalProperties !== 'boolean') {
      this.note(path, 'additionalProperties', 'has "additionalProperties" as a schema; only true or false can be checked in a form');
      return null;
    }
    const props = raw.properties ?? {};
    if (!isRecord(props)) {
      this.note(path, 'properties', 'has "properties" that is not an object of field schemas');
      return null;
    }
    if ('required' in raw && !(Array.isArray(raw.required) && raw.required.every((k) => typeof k === 'string'))) {
      this.note(path, 'required', 'has "required" that is not a list of property keys');
      return null;
    }
    const required = (raw.required as string[] | undefined) ?? [];
    const fields: FieldDescriptor[] = [];
    for (const [key, schema] of Object.entries(props)) {
      // A property JSON.parse defines but a validator's object cannot hold: set on an object,
      // "__proto__" replaces its prototype, so the field would be neither checked nor required.
      if (key === '__proto__') {
        this.note(path ? `${path}.${key}` : key, 'property key', 'is named "__proto__", which no form or validator can hold as a field');
        continue;
      }
      const field = this.field(key, path ? `${path}.${key}` : key, schema, required.includes(key), depth);
      if (field) fields.push(field);
    }
    return fields;
  }
}

/**
 * A release's schema read into form fields, with every construct the console cannot carry
 * named with its field. A field with such a construct is left out of `fields`: a form must
 * not offer it as if its rules were known.
 */
export function readSubmissionSchema(schema: unknown): SubmissionSchemaReading {
  const reader = new Reader();
  if (!isRecord(schema)) {
    reader.note('', 'not a schema', 'is not a JSON object');
    return { fields: [], required: [], unsupported: reader.unsupported };
  }
  if (schema.type !== 'object') reader.note('', 'type', `has type ${JSON.stringify(schema.type ?? null)}, not "object"`);
  const found = VALIDATING_KEYWORDS_NOT_READ.filter((k) => k in schema);
  for (const k of found) reader.note('', k, `uses "${k}" at its top level, which the console cannot check in a form`);
  const fields = schema.type === 'object' && found.length === 0 ? (reader.properties('', schema, 0) ?? []) : [];
  const required = Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : [];
  return { fields, required, unsupported: reader.unsupported };
}

/** The top-level fields of a schema (the unsupported ones left out). */
export const fieldsOf = (schema: unknown): FieldDescriptor[] => readSubmissionSchema(schema).fields;

/** Required `format: document` fields that no provided document covers. */
export function missingDocumentFields(fields: readonly FieldDescriptor[], provided: readonly string[]): string[] {
  const have = new Set(provided);
  return fields.filter((f) => f.kind === 'document' && f.required && !have.has(f.key)).map((f) => f.key);
}

/** One sentence per unsupported construct, naming the field: what a page shows instead of a form. */
export function describeUnsupported(u: UnsupportedConstruct): string {
  return `${u.path ? `Field "${u.path.replaceAll('.*', '[]')}"` : 'The submission schema'} ${u.message}.`;
}
