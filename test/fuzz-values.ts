/**
 * Values for a contract schema, for the fuzz run: plausible ones, as a client would send them
 * (each pattern met by one of a few typical texts where one fits), and broken ones (a field
 * dropped, the wrong type, out of range, too long, a nasty text, a key nobody declared).
 */
import type { TSchema } from '@sinclair/typebox';

/**
 * The random choices the generators make, from the fuzzer's seeded source, and texts known to
 * exist on the server under test by field name (a licence key it issued), tried before any other.
 */
export type Dice = {
  pick<T>(items: readonly T[]): T;
  int(max: number): number;
  known?: Readonly<Record<string, readonly string[]>>;
};

/** The JSON Schema keywords TypeBox writes that the generators read. */
type Schema = {
  type?: string;
  anyOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  contentMediaType?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
};

export const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  "'; DROP TABLE licenses; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%2e%2e%2f',
  '..\\..\\windows',
  '\u0000',
  '\ud800',
  '😀'.repeat(50),
  'a'.repeat(5000),
  '{expired_date}',
  '${7*7}',
  'x@y',
  'not-an-email',
  '2026-13-45T99:99',
  '9999-12-31T23:59:59Z',
  '255.255.255.256',
  '::1',
  'loopbot',
  'loopstream',
  'Paket 1',
  'Paket 3',
  '__proto__',
];

/** Texts a client would send for a field of this name; tried first. */
const HINTS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/email/, ['budi@example.com', 'SITI@Example.co.id']],
  [/date|_at$/, ['2027-01-31T10:00:00.000Z', '2027-06-30T17:00+07:00']],
  [/url/, ['https://example.com/shop', 'https://t.me/loopshop']],
  [/^event$/, ['payment.received', 'test_event']],
  [/^title$/, ['LoopBOT 1 Bulan', 'LoopStream Paket 1', 'Prompt lo-fi']],
  [/plan_id|^id$/, ['loopbot-1-bulan', 'loopbot-3-bulan', 'loopbot-trial-4-hari']],
  [/ip_server/, ['203.0.113.7', 'stream.example.com:5000']],
  [/package/, ['Paket 1', 'Paket 2']],
  [/search/, ['budi', 'LB-']],
  [/page/, ['1', '2', '50']],
  [/^(from|to)$/, ['2026-11-01', '2026-11-27']],
];

/** Typical texts tried against a pattern when no hint fits it. */
const SAMPLES = [
  'budi@example.com',
  '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
  'device-7f3a9c21',
  'nonce-0123456789abcdef',
  '1.2.3',
  'loopbot',
  'LoopStream',
  'shop_name',
  'dQw4w9WgXcQ',
  'dQw4w9WgXcQ?start=65',
  '6281234567890',
  'https://example.com/shop',
  '30',
  '2027-01-31T10:00:00.000Z',
  'Budi Santoso',
  'Halo {customer_name}, lisensi Anda: {license_key}',
  'LB-7Q2XK',
];

function fits(schema: Schema, text: string): boolean {
  if (schema.minLength !== undefined && [...text].length < schema.minLength) return false;
  if (schema.maxLength !== undefined && [...text].length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(text);
}

function plausibleText(schema: Schema, name: string, dice: Dice): string {
  const known = dice.known?.[name] ?? [];
  if (known.length > 0 && dice.int(4) > 0) return dice.pick(known);
  const hinted = HINTS.filter(([field]) => field.test(name)).flatMap(([, texts]) => texts);
  const candidates = [...hinted, ...(schema.pattern === undefined && hinted.length > 0 ? [] : SAMPLES)].filter((text) =>
    fits(schema, text),
  );
  if (candidates.length > 0) return dice.pick(candidates);
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

function plausibleNumber(schema: Schema, dice: Dice): number {
  const min = schema.minimum ?? 1;
  const max = Math.min(schema.maximum ?? min + 400, min + 400);
  return min + dice.int(max - min + 1);
}

/** A value that meets the schema, as a client would send it. */
export function plausible(schema: TSchema | Schema, dice: Dice, name = ''): unknown {
  const spec = schema as Schema;
  if (spec.const !== undefined) return spec.const;
  if (spec.enum) return dice.pick(spec.enum);
  if (spec.anyOf) {
    const branches = spec.anyOf.filter((branch) => branch.type !== 'null');
    return dice.int(6) === 0 || branches.length === 0 ? null : plausible(dice.pick(branches), dice, name);
  }
  if (spec.allOf) return Object.assign({}, ...spec.allOf.map((part) => plausible(part, dice, name)));
  switch (spec.type) {
    case 'string':
      return spec.format === 'date-time' ? '2027-01-31T10:00:00.000Z' : plausibleText(spec, name, dice);
    case 'integer':
    case 'number':
      return plausibleNumber(spec, dice);
    case 'boolean':
      return dice.int(2) === 0;
    case 'null':
      return null;
    case 'array': {
      const length = (spec.minItems ?? 0) + dice.int(Math.min(spec.maxItems ?? 3, 3) - (spec.minItems ?? 0) + 1);
      return Array.from({ length }, () => (spec.items ? plausible(spec.items, dice, name) : 'x'));
    }
    case 'object': {
      const required = new Set(spec.required ?? []);
      const entries = Object.entries(spec.properties ?? {}).filter(([key]) => required.has(key) || dice.int(2) === 0);
      return Object.fromEntries(entries.map(([key, field]) => [key, plausible(field, dice, key)]));
    }
    default:
      return plausibleText(spec, name, dice);
  }
}

/** A value the schema refuses, or a strange one it may take. */
export function broken(schema: TSchema | Schema, dice: Dice): unknown {
  const spec = schema as Schema;
  const wrongType = dice.pick<unknown>([
    42,
    -1,
    1.5,
    true,
    null,
    [],
    {},
    ['x'],
    { nested: 'x' },
    '12',
    'a'.repeat(300),
  ]);
  switch (dice.int(4)) {
    case 0:
      return wrongType;
    case 1:
      return dice.pick(NASTY_STRINGS);
    case 2:
      if (spec.maxLength !== undefined) return 'x'.repeat(spec.maxLength + 1);
      if (spec.maximum !== undefined) return spec.maximum + 1;
      if (spec.maxItems !== undefined && spec.items)
        return Array.from({ length: spec.maxItems + 1 }, () => plausible(spec.items!, dice));
      return dice.pick([1e20, -0, Number.MAX_SAFE_INTEGER + 2, 0]);
    default:
      if (spec.minimum !== undefined) return spec.minimum - 1;
      if (spec.properties) return brokenObject(spec, dice);
      if (spec.type === 'array' && spec.items) return [broken(spec.items, dice)];
      return wrongType;
  }
}

/** A plausible object with one field broken, dropped, or one key added that nobody declared. */
export function brokenObject(schema: TSchema | Schema, dice: Dice): Record<string, unknown> {
  const spec = schema as Schema;
  const value = plausible(spec, dice) as Record<string, unknown>;
  const keys = Object.keys(spec.properties ?? {});
  const key = keys.length > 0 ? dice.pick(keys) : 'extra';
  const field = spec.properties?.[key];
  switch (dice.int(5)) {
    case 0:
      delete value[key];
      break;
    case 1:
      value[dice.pick(['unknown_field', 'constructor', 'success', 'id'])] = dice.pick(NASTY_STRINGS);
      break;
    case 2:
      // An own "__proto__" key, as JSON.parse makes one.
      return JSON.parse(`{"__proto__":{"admin":true},${JSON.stringify(value).slice(1)}`.replace(',}', '}')) as Record<
        string,
        unknown
      >;
    default:
      value[key] = field ? broken(field, dice) : dice.pick(NASTY_STRINGS);
  }
  return value;
}
