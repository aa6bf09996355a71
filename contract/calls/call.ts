/**
 * The API contract: every call of the server declared once, as data. Each call names its method,
 * path, who may make it, its query and body schemas and its answers by HTTP status. The server's
 * route table, its request validation and `GET /api/openapi.json` are built from these objects;
 * handlers and the browser code are typed by them.
 */
import type { Static, TObject, TSchema } from '@sinclair/typebox';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make a call: anyone; the admin with the session cookie; a buyer with the buyer session
 * cookie (never the admin's); the desktop app (the licence key in the body is the credential); a
 * marketplace whose signature header authenticates it; a monitoring system with the bearer token of
 * the server's environment.
 */
export type Auth = 'public' | 'admin' | 'buyer' | 'license-key' | 'signature' | 'bearer-token';

/** An answer that is a file rather than JSON (downloads, images). */
export type FileAnswer = { readonly file: string; readonly description: string };

/** An answer without a body (304 Not Modified). */
export type EmptyAnswer = { readonly empty: true; readonly description: string };

export type AnswerSpec = TSchema | FileAnswer | EmptyAnswer;

export type CallSpec = {
  /** A unique camelCase name: the OpenAPI operationId, and the key of its handler in `api/routes.ts`. */
  readonly id: string;
  readonly method: Method;
  /** OpenAPI style: `/api/license/extend/{id}`; a parameter matches one path segment. */
  readonly path: string;
  readonly auth: Auth;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  readonly query?: TObject;
  /** A JSON body, validated by the server before the handler runs. */
  readonly body?: TObject;
  /** A multipart/form-data body, read by the handler itself (files are streamed to disk). */
  readonly form?: TObject;
  /** Every status the call can answer with its schema; errors share ErrorAnswer. */
  readonly answers: { readonly [status: number]: AnswerSpec };
};

/** Declares a call; `const` keeps the literal types the handler and client types are read from. */
export function defineCall<const Spec extends CallSpec>(spec: Spec): Spec {
  return spec;
}

export function isFileAnswer(answer: AnswerSpec): answer is FileAnswer {
  return typeof (answer as FileAnswer).file === 'string';
}

export function isEmptyAnswer(answer: AnswerSpec): answer is EmptyAnswer {
  return (answer as EmptyAnswer).empty === true;
}

type StaticOf<Answer> = Answer extends TSchema ? Static<Answer> : never;
type SuccessStatus = 200 | 201;

/** The JSON body a call takes (already checked by the server when the handler sees it). */
export type BodyOf<Call extends CallSpec> = Call['body'] extends TObject ? Static<Call['body']> : Record<string, never>;

/** The query parameters a call reads (each a text, or absent). */
export type QueryOf<Call extends CallSpec> = Call['query'] extends TObject
  ? Static<Call['query']>
  : Record<string, never>;

/** What a call answers with one status. */
export type AnswerOf<Call extends CallSpec, Status extends keyof Call['answers']> = StaticOf<Call['answers'][Status]>;

/** What a call answers on success (200 or 201): what its handler returns. */
export type SuccessOf<Call extends CallSpec> = {
  [Status in keyof Call['answers'] & SuccessStatus]: StaticOf<Call['answers'][Status]>;
}[keyof Call['answers'] & SuccessStatus];

/** Every JSON answer a call can give, success or not: what a client reads. */
export type AnyAnswerOf<Call extends CallSpec> = {
  [Status in keyof Call['answers']]: StaticOf<Call['answers'][Status]>;
}[keyof Call['answers']];

/** The answer of a call read without its contract (tests, generic helpers): the envelope every answer shares. */
export type AnswerEnvelope = { success?: boolean; error?: string; message?: string; [field: string]: unknown };

/** What a client reads from a call: its declared answers, or only the envelope for an untyped call. */
export type AnswerTo<Call extends CallSpec> = CallSpec extends Call ? AnswerEnvelope : AnyAnswerOf<Call>;

/** A call's path as a client sends it: `{params}` filled in, maybe a query string after it. */
export type PathTo<Path extends string> = FilledPath<Path> | `${FilledPath<Path>}?${string}`;
type FilledPath<Path extends string> = Path extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${FilledPath<Tail>}`
  : Path;

/** The body a client sends: the call's, or anything for an untyped call. */
export type BodyTo<Call extends CallSpec> = CallSpec extends Call ? unknown : BodyOf<Call>;

/** The names of a path's parameters: `/api/license/extend/{id}` gives `'id'`. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

/** The path with its parameters filled in, each encoded as one segment. */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{([a-z_]+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
