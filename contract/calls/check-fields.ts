/**
 * Checks a request body (or query) against its contract schema and names the first bad field the
 * way the API always has: `email is required`, `email must be a string`, `title is too long (max
 * 200 characters)`, or the field's own `x-invalid` text. Fields are checked in the order the schema
 * declares them. The result holds only the declared fields, texts trimmed where `x-trim` says so.
 */
import { Kind, OptionalKind } from '@sinclair/typebox';
import type { TObject, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FieldMessages } from './schema';

export type Checked<Fields> = { ok: true; value: Fields } | { ok: false; error: string };

type FieldSchema = TSchema &
  FieldMessages & { maxLength?: number; minLength?: number; pattern?: string; enum?: unknown[]; type?: unknown };

const patterns = new WeakMap<TSchema, RegExp>();

function patternOf(schema: FieldSchema): RegExp | undefined {
  if (schema.pattern === undefined) return undefined;
  let pattern = patterns.get(schema);
  if (!pattern) patterns.set(schema, (pattern = new RegExp(schema.pattern, 'u')));
  return pattern;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function allowsNull(schema: TSchema): boolean {
  return schema[Kind] === 'Null' || (schema[Kind] === 'Union' && (schema.anyOf as TSchema[]).some(allowsNull));
}

/** The JSON type a value must have, when the schema names exactly one. */
function soleType(schema: FieldSchema): string | undefined {
  return typeof schema.type === 'string' ? schema.type : undefined;
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    default:
      return true;
  }
}

/**
 * Whether a text anywhere in the value (nested ones and object keys too) holds U+0000. PostgreSQL
 * cannot store it in text while SQLite keeps it: refused everywhere, so both stores hold the same.
 */
function holdsNul(value: unknown): boolean {
  // A loop over a list of values still to look at, not a recursion: how deep a value nests cannot
  // overflow the stack here, whoever calls it (the HTTP edge also refuses bodies over 32 levels).
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) pending.push(...item);
    else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** One field: undefined when it passes, else the message; `value` is the field as the handler gets it. */
function checkField(
  name: string,
  schema: FieldSchema,
  raw: unknown,
  required: boolean,
): { error?: string; value?: unknown } {
  const missing = (): { error?: string } => (required ? { error: schema['x-required'] ?? `${name} is required` } : {});
  if (raw === undefined || (raw === null && !allowsNull(schema))) return missing();
  if (holdsNul(raw)) return { error: `${name} must not contain the character U+0000 (NUL)` };
  const invalid = schema['x-invalid'] ?? `${name} is not valid`;
  const type = soleType(schema);
  if (type && !typeMatches(type, raw))
    return { error: schema['x-type'] ?? `${name} must be ${TYPE_WORDS[type] ?? type}` };
  let value = raw;
  if (typeof raw === 'string') {
    // Counted before trimming, in code points as JSON Schema counts them.
    if (schema.maxLength !== undefined && raw.length > schema.maxLength && [...raw].length > schema.maxLength) {
      return { error: `${name} is too long (max ${schema.maxLength} characters)` };
    }
    const text = schema['x-trim'] ? raw.trim() : raw;
    if (text === '' && !schema['x-keep-empty']) return required ? missing() : { value: text };
    value = text;
    if (type === 'string') {
      // Strings are checked here (the licence API's hot path); other schemas by TypeBox below.
      const pattern = patternOf(schema);
      if (pattern && !pattern.test(text)) return { error: invalid };
      if (schema.enum && !schema.enum.includes(text)) return { error: invalid };
      if (schema.minLength !== undefined && [...text].length < schema.minLength) return { error: invalid };
      return { value };
    }
  }
  if (!Value.Check(schema, value)) return { error: invalid };
  return { value };
}

/** Checks `input` against an object schema; the first failing field (in schema order) is the error. */
export function checkFields<Fields>(schema: TObject, input: Record<string, unknown>): Checked<Fields> {
  const required = new Set(schema.required ?? []);
  const value: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const field = property as FieldSchema;
    const outcome = checkField(name, field, input[name], required.has(name) && field[OptionalKind] !== 'Optional');
    if (outcome.error !== undefined) return { ok: false, error: outcome.error };
    if (outcome.value !== undefined) value[name] = outcome.value;
  }
  return { ok: true, value: value as Fields };
}
