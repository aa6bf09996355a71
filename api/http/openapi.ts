/** `GET /api/openapi.json`: the API contract as an OpenAPI 3.1 document, built on first use and kept. */
import { apiDocument } from '../../contract/calls/calls';
import type { openApi } from '../../contract/calls/health';
import type { OpenApiDocument } from '../../contract/calls/openapi';
import type { AnswerFor } from './api-request';
import { reply } from './api-request';
import { JsonBody } from './json-body';

let document: JsonBody<OpenApiDocument> | undefined;

export function serveOpenApi(): AnswerFor<typeof openApi> {
  // Serialized (and compressed) once: the document only changes with a new build.
  document ??= new JsonBody(apiDocument());
  return reply(200, document, { 'Cache-Control': 'public, max-age=300' });
}
