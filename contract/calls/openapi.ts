/**
 * The OpenAPI 3.1 document of every call, built from the contract (served at
 * `GET /api/openapi.json`). OpenAPI 3.1 schemas are JSON Schema 2020-12, which TypeBox schemas
 * already are: they go in as they are, with the shared ones named under components.
 */
import type { TSchema } from '@sinclair/typebox';
import { isEmptyAnswer, isFileAnswer } from './call';
import type { CallSpec } from './call';

export type OpenApiDocument = Record<string, unknown> & {
  openapi: '3.1.0';
  paths: Record<string, Record<string, unknown>>;
};

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  304: 'Not modified',
  400: 'Bad request: `error` names the field',
  401: 'Not signed in (admin calls), or a bad signature',
  403: 'Refused',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Unsupported content type',
  429: 'Too many requests: see Retry-After',
  503: 'Not available right now: try again later',
};

const AUTH_TEXT: Record<CallSpec['auth'], string> = {
  public: 'Public.',
  admin: 'Needs the admin session cookie (`POST /api/admin/login`).',
  buyer: 'Needs the buyer session cookie `loop_buyer` (`POST /api/account/session`); the admin cookie is not one.',
  'license-key': 'Public: the licence key in the body is the credential. Every answer is signed (see LicenseAnswer).',
  signature: 'Public: authenticated by its signature header.',
  'bearer-token':
    "Needs `Authorization: Bearer <METRICS_TOKEN>` (the token of the server's environment); 401 without it.",
};

/** A deep copy as plain JSON, with each registered shared schema replaced by its $ref. */
function toJson(schema: unknown, names: Map<unknown, string>, top = false): unknown {
  if (!top && names.has(schema)) return { $ref: `#/components/schemas/${names.get(schema)}` };
  if (Array.isArray(schema)) return schema.map((item) => toJson(item, names));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, toJson(value, names)]));
}

function pathParameters(path: string): Array<Record<string, unknown>> {
  return [...path.matchAll(/\{([a-z_]+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function queryParameters(call: CallSpec, names: Map<unknown, string>): Array<Record<string, unknown>> {
  if (!call.query) return [];
  const required = new Set(call.query.required ?? []);
  return Object.entries(call.query.properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...((schema as TSchema).description ? { description: (schema as TSchema).description } : {}),
    schema: toJson(schema, names),
  }));
}

function operation(call: CallSpec, names: Map<unknown, string>): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(call.answers)) {
    const description = STATUS_TEXT[Number(status)] ?? 'Answer';
    responses[status] = isEmptyAnswer(answer)
      ? { description: answer.description }
      : isFileAnswer(answer)
        ? {
            description: answer.description,
            content: { [answer.file]: { schema: { type: 'string', format: 'binary' } } },
          }
        : { description, content: { 'application/json': { schema: toJson(answer, names) } } };
  }
  const body = call.body
    ? { required: true, content: { 'application/json': { schema: toJson(call.body, names) } } }
    : call.form
      ? { required: true, content: { 'multipart/form-data': { schema: toJson(call.form, names) } } }
      : undefined;
  return {
    operationId: call.id,
    tags: [call.tag],
    summary: call.summary,
    description: [call.description, AUTH_TEXT[call.auth]].filter(Boolean).join('\n\n'),
    security: call.auth === 'admin' ? [{ adminSession: [] }] : call.auth === 'buyer' ? [{ buyerSession: [] }] : [],
    parameters: [...pathParameters(call.path), ...queryParameters(call, names)],
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The whole document; `shared` names schemas that appear in many answers (License, ErrorAnswer...). */
export function openApiDocument(
  calls: readonly CallSpec[],
  shared: Record<string, TSchema>,
  info: { title: string; version: string; description: string },
): OpenApiDocument {
  const names = new Map<unknown, string>(Object.entries(shared).map(([name, schema]) => [schema, name]));
  const paths: OpenApiDocument['paths'] = {};
  for (const call of calls) {
    paths[call.path] ??= {};
    paths[call.path]![call.method.toLowerCase()] = operation(call, names);
  }
  return {
    openapi: '3.1.0',
    info,
    tags: [...new Set(calls.map((call) => call.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(shared).map(([name, schema]) => [name, toJson(schema, names, true)])),
      securitySchemes: {
        adminSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'loop_session',
          description: 'Set by POST /api/admin/login',
        },
        buyerSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'loop_buyer',
          description: 'Set by POST /api/account/session',
        },
      },
    },
  };
}
