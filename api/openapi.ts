/** `GET /api/openapi.json`: the API contract as an OpenAPI 3.1 document, built on first use and kept. */
import { apiDocument } from '../contract/calls';
import { JsonBody, reply } from './http';
import type { Handler } from './http';

let document: JsonBody | undefined;

export const serveOpenApi: Handler = () => {
  // Serialized (and compressed) once: the document only changes with a new build.
  document ??= new JsonBody(apiDocument());
  return reply(200, document, { 'Cache-Control': 'public, max-age=300' });
};
