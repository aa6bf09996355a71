/**
 * Building blocks the calls share. Field options beyond JSON Schema (`x-trim`, `x-required`,
 * `x-invalid`) tell checkFields which error text to give; they also document those texts in the
 * OpenAPI document, where `x-` keys are allowed.
 */
import { Type } from '@sinclair/typebox';
import type {
  SchemaOptions,
  StringOptions,
  TNull,
  TObject,
  TProperties,
  TSchema,
  TUnion,
  TUnsafe,
} from '@sinclair/typebox';
import { PAGE_MAX } from '../rules/paging';
import type { ListLimits } from '../rules/paging';

export type FieldMessages = {
  /** Trim the text before checking it (and hand the handler the trimmed text). */
  'x-trim'?: boolean;
  /** The error when the field is missing or (trimmed) empty; default `<field> is required`. */
  'x-required'?: string;
  /** The error when the value breaks a pattern, format, enum or range rule. */
  'x-invalid'?: string;
  /** The error when the value has the wrong JSON type; default `<field> must be a string` and so on. */
  'x-type'?: string;
  /** An empty (trimmed) text is a value to check like any other, not a missing field. */
  'x-keep-empty'?: boolean;
};

export const Nullable = <Inner extends TSchema>(inner: Inner): TUnion<[Inner, TNull]> =>
  Type.Union([inner, Type.Null()]);

/** A UTC time as the API speaks it: `2026-12-31T10:00:00.000Z`. */
export const IsoDateTime = Type.String({ format: 'date-time', description: 'UTC, ISO 8601 (toISOString format)' });

/** A trimmed text field of a request body. */
export function Text(options: StringOptions & FieldMessages = {}): ReturnType<typeof Type.String> {
  return Type.String({ 'x-trim': true, ...options });
}

/** One of a few words: a string enum, so a wrong type reads "must be a string" like any text. */
export function OneOf<const Words extends readonly string[]>(
  words: Words,
  options: SchemaOptions & FieldMessages = {},
): TUnsafe<Words[number]> {
  return Type.Unsafe<Words[number]>({ type: 'string', enum: [...words], ...options });
}

/** An answer object: exactly these fields, so a stray column never leaks into an answer unseen. */
export function Answer<Properties extends TProperties>(
  properties: Properties,
  options: SchemaOptions = {},
): TObject<Properties> {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/** Every failure: `{success:false, error}` with a 4xx or 5xx status. */
export const ErrorAnswer = Answer(
  { success: Type.Literal(false), error: Type.String({ description: 'What went wrong, for a person to read' }) },
  { title: 'ErrorAnswer' },
);

/** `{success:true}` and nothing else. */
export const OkAnswer = Answer({ success: Type.Literal(true) });

/** `{success:true, message}`: a change the admin screen confirms with the message. */
export const MessageAnswer = Answer({ success: Type.Literal(true), message: Type.String() });

/** A body-less path parameter id: a positive whole number (anything else is 404). */
export const ID_PATTERN = '^[1-9][0-9]{0,15}$';

/** The paging fields of a list call's query, described by its limits (`note` follows the default page size). */
export function PageQuery(limits: ListLimits, note = '') {
  return {
    page: Type.Optional(Type.String({ description: 'Page number from 1 (default 1)' })),
    per_page: Type.Optional(
      Type.String({ description: `From 1 to ${PAGE_MAX} (default ${limits.defaultPerPage}${note})` }),
    ),
  };
}
