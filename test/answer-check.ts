/**
 * Checks every API answer the HTTP tests receive against the OpenAPI document built from the
 * contract: the status must be one the operation declares, and a JSON answer must match that
 * status's schema (Ajv, JSON Schema 2020-12). A method or path the document does not know must be
 * the router's 404 or 405 ErrorAnswer. Files and bodiless answers are checked by status and
 * content type. A mismatch throws, failing the test that made the call.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';
import { compilePattern } from '../api/http/router';
import type { Route } from '../api/http/router';
import { parseTarget } from '../api/http/request-target';
import { apiDocument, CALLS } from '../contract/calls/calls';

type DocResponse = { content?: Record<string, { schema?: unknown }> };
type Operation = {
  method: string;
  regex: RegExp;
  responses: Record<string, DocResponse>;
  validators: Map<string, ValidateFunction>;
};
type Loaded = { operations: Operation[]; errorAnswer: ValidateFunction };

export type ReceivedAnswer = {
  method: string;
  /** The URL the request went to, or the request target exactly as sent (`/api/...`). */
  url: string;
  status: number;
  /** Undefined when the test saw only the status; null when the answer had none. */
  contentType?: string | null | undefined;
  /** Content-Encoding when the body is still compressed (node:http clients). */
  encoding?: string | null | undefined;
  /** Undefined when the test did not read the body: then status and content type are checked. */
  body?: string | Uint8Array | undefined;
};

/** UTC or offset ISO 8601 with a time, as the API writes it. */
function isDateTime(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text))
  );
}

/** A JSON pointer into the document, as a URI fragment. */
function pointer(...segments: string[]): string {
  return `#/${segments.map((segment) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;
}

let loaded: Loaded | undefined;

function load(): Loaded {
  if (loaded) return loaded;
  const document = apiDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('date-time', isDateTime);
  ajv.addSchema(document, 'api');
  const compile = (fragment: string): ValidateFunction => {
    const validate = ajv.getSchema(`api${fragment}`);
    if (!validate) throw new Error(`answer-check: no schema at ${fragment}`);
    return validate;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(
      methods as Record<string, { responses: Record<string, DocResponse> }>,
    )) {
      const validators = new Map<string, ValidateFunction>();
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response.content?.['application/json']) {
          validators.set(
            status,
            compile(pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')),
          );
        }
      }
      const { regex } = compilePattern(path.replace(/\{([a-z_]+)\}/g, ':$1'));
      operations.push({ method: method.toUpperCase(), regex, responses: operation.responses, validators });
    }
  }
  loaded = { operations, errorAnswer: compile(pointer('components', 'schemas', 'ErrorAnswer')) };
  return loaded;
}

/**
 * Compiles the document's validators now. Compiling takes seconds on a loaded machine; done at the
 * first answer it let a kept-alive connection idle past the server's keep-alive timeout, so the next
 * call failed with ECONNRESET ("fetch failed"). startServer calls this before it listens.
 */
export function prepareAnswerCheck(): void {
  load();
}

/** Routes a test mounted itself (AppOptions.extraRoutes): not part of the contract. */
const testRoutes: Array<{ method: string; regex: RegExp }> = [];

export function allowTestRoutes(routes: readonly Route[]): void {
  for (const [method, pattern] of routes) testRoutes.push({ method, regex: compilePattern(pattern).regex });
}

function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function decoded(body: string | Uint8Array, encoding: string | null | undefined): string {
  if (typeof body === 'string') return body;
  const bytes = Buffer.from(body);
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/** The problem with a JSON answer, or undefined when it matches. */
function jsonProblem(validate: ValidateFunction, answer: ReceivedAnswer, method: string): string | undefined {
  if (answer.contentType !== undefined && mediaType(answer.contentType) !== 'application/json')
    return `content type ${answer.contentType ?? 'none'}, not application/json`;
  if (answer.body === undefined || method === 'HEAD') return undefined;
  const text = decoded(answer.body, answer.encoding);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 200)}`;
  }
  if (validate(value)) return undefined;
  const errors = (validate.errors ?? []).map(
    (error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
  );
  return `does not match the schema:\n  ${errors.slice(0, 12).join('\n  ')}\n  answer: ${text.slice(0, 600)}`;
}

function problemOf(answer: ReceivedAnswer, method: string, path: string): string | undefined {
  const { operations, errorAnswer } = load();
  const lookup = method === 'HEAD' ? 'GET' : method;
  if (testRoutes.some((route) => route.method === lookup && route.regex.test(path))) {
    return answer.status >= 400 ? jsonProblem(errorAnswer, answer, method) : undefined;
  }
  const operation = operations.find((candidate) => candidate.method === lookup && candidate.regex.test(path));
  if (!operation) {
    if (answer.status !== 404 && answer.status !== 405) return 'not in the document, and not the router’s 404 or 405';
    return jsonProblem(errorAnswer, answer, method);
  }
  const response = operation.responses[String(answer.status)];
  if (!response) return `undocumented status (declared: ${Object.keys(operation.responses).join(', ')})`;
  const validate = operation.validators.get(String(answer.status));
  if (validate) return jsonProblem(validate, answer, method);
  const declared = Object.keys(response.content ?? {});
  if (declared.length === 0) {
    const empty =
      answer.body === undefined || (typeof answer.body === 'string' ? answer.body === '' : answer.body.length === 0);
    return empty ? undefined : 'a body where the document declares none';
  }
  const type = mediaType(answer.contentType);
  return answer.contentType === undefined || declared.includes(type)
    ? undefined
    : `content type ${answer.contentType ?? 'none'}, declared ${declared.join(', ')}`;
}

/** An API answer that does not match the document. */
export class AnswerMismatch extends Error {}

let failedOutsideTests = false;

/**
 * For code that cannot throw into a test (a relay between a client process and the server): the
 * mismatch is printed and the test process ends failed, whatever its tests said.
 */
export function failTestProcess(error: AnswerMismatch): void {
  console.error(`✘ ${error.message}`);
  if (failedOutsideTests) return;
  failedOutsideTests = true;
  // On exit: uvu sets the exit code itself once its tests are done.
  process.on('exit', () => {
    process.exitCode = 1;
  });
}

/** The server's own calls outside /api/ (`/healthz`, `/readyz`, `/metrics`). */
const SERVER_PATHS: ReadonlySet<string> = new Set(
  CALLS.map((call) => call.path).filter((path) => !path.startsWith('/api/')),
);

/** Throws AnswerMismatch when an answer of the API (paths under /api/ and the server's own) does not match the document. */
export function checkAnswer(answer: ReceivedAnswer): void {
  const url = answer.url.startsWith('/') ? undefined : new URL(answer.url);
  const { path } = parseTarget(url ? url.pathname + url.search : answer.url);
  if (!path.startsWith('/api/') && !SERVER_PATHS.has(path)) return;
  const method = answer.method.toUpperCase();
  const problem = problemOf(answer, method, path);
  if (problem) throw new AnswerMismatch(`${method} ${path} → ${answer.status}: ${problem}`);
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** fetch, with the answer checked; the Response returned can be read as usual. */
export async function checkedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  checkAnswer({
    method: init.method ?? 'GET',
    url,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
  });
  const replay =
    NULL_BODY_STATUSES.has(response.status) || (init.method ?? 'GET').toUpperCase() === 'HEAD' ? null : body;
  return new Response(replay, { status: response.status, statusText: response.statusText, headers: response.headers });
}
