import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRoutes } from '../../api/routes';
import { call, startServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { CALLS, apiDocument } from './calls';

type Operation = {
  operationId: string;
  security: unknown[];
  parameters: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

const document = apiDocument();
let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after(async () => {
  await server.close();
});
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({
    key: `${method.toUpperCase()} ${path}`,
    path,
    operation,
  })),
);

test('the document is valid OpenAPI 3.1 (checked by a validator of the OpenAPI schemas)', async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  assert.equal(result.errors, undefined, JSON.stringify(result.errors, null, 2));
  assert.ok(result.valid);
  assert.is(validator.version, '3.1');
});

test('every schema in it compiles in strict JSON Schema 2020-12 (no misspelt keyword goes unnoticed)', () => {
  const ajv = new Ajv2020({ strict: true, strictTypes: false });
  ajv.addVocabulary(['x-trim', 'x-required', 'x-invalid', 'x-type', 'x-keep-empty']);
  for (const format of ['date-time', 'binary']) ajv.addFormat(format, true);
  const components = (document.components as { schemas: Record<string, unknown> }).schemas;
  const withRefs = (schema: unknown): object =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"api#/$defs/')) as object;
  ajv.addSchema({ $id: 'api', $defs: withRefs(components) });
  let compiled = 0;
  for (const [name, schema] of Object.entries(components)) {
    ajv.compile(withRefs(schema));
    compiled++;
    assert.ok(name, 'named');
  }
  for (const { key, operation } of operations) {
    const schemas = [
      ...Object.values(operation.responses).flatMap((response) => Object.values(response.content ?? {})),
      ...Object.values(operation.requestBody?.content ?? {}),
    ].map((media) => media.schema);
    for (const schema of schemas) {
      try {
        ajv.compile(withRefs(schema));
      } catch (error) {
        assert.unreachable(`${key}: ${(error as Error).message}`);
      }
      compiled++;
    }
  }
  assert.ok(compiled > 60, `${compiled} schemas`);
});

test('every route of the server has its operation and nothing else is documented (routes.test.ts: one route per call)', () => {
  const routes = createRoutes().map(([method, pattern]) => `${method} ${pattern}`);
  assert.equal(operations.map(({ key }) => key).sort(), routes.sort());
});

test('operations: unique ids; admin calls need the cookie and declare 401; bodies, ids and limits declare their statuses', () => {
  const ids = operations.map(({ operation }) => operation.operationId);
  assert.is(new Set(ids).size, ids.length);
  for (const spec of CALLS) {
    const { operation } = operations.find(({ key }) => key === `${spec.method} ${spec.path}`)!;
    const statuses = Object.keys(operation.responses);
    const note = `${spec.method} ${spec.path}: ${statuses.join(' ')}`;
    const session = spec.auth === 'admin' || spec.auth === 'buyer';
    assert.is(session, operation.security.length > 0, note);
    if (session) assert.ok(statuses.includes('401'), note);
    if (session && spec.method !== 'GET') assert.ok(statuses.includes('403'), note);
    if (operation.requestBody) for (const status of ['400', '413', '415']) assert.ok(statuses.includes(status), note);
    if (operation.parameters.some((parameter) => parameter.in === 'path')) assert.ok(statuses.includes('404'), note);
    if (spec.auth === 'license-key') assert.ok(statuses.includes('429'), note);
  }
});

test('GET /api/openapi.json serves the document, public and cacheable for 5 minutes', async () => {
  const answer = await call(server.url, 'GET', '/api/openapi.json');
  assert.is(answer.status, 200);
  assert.is(answer.headers.get('cache-control'), 'public, max-age=300');
  assert.match(answer.headers.get('content-type') ?? '', 'application/json');
  assert.equal(answer.json, JSON.parse(JSON.stringify(document)));
  assert.is((answer.json.info as { title: string }).title, 'LoopBOT & LoopStream shop API');
});

test.run();
