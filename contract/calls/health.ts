/** Calls about the server itself. */
import { Type } from '@sinclair/typebox';
import { defineCall } from './call';
import { Answer, ErrorAnswer } from './schema';

export const health = defineCall({
  id: 'getHealth',
  method: 'GET',
  path: '/healthz',
  auth: 'public',
  tag: 'Server',
  summary: 'Liveness: answers while the server can serve requests',
  answers: { 200: Answer({ ok: Type.Literal(true) }) },
});

export const readiness = defineCall({
  id: 'getReadiness',
  method: 'GET',
  path: '/readyz',
  auth: 'public',
  tag: 'Server',
  summary: 'Readiness: the store answers and its schema is the one this server migrated to',
  description:
    'For load balancers and orchestrators: take the instance out of rotation while this answers 503 (`error` says why).',
  answers: { 200: Answer({ ok: Type.Literal(true) }), 503: ErrorAnswer },
});

export const metrics = defineCall({
  id: 'getMetrics',
  method: 'GET',
  path: '/metrics',
  auth: 'bearer-token',
  tag: 'Server',
  summary: 'Prometheus metrics (text exposition format 0.0.4)',
  description: 'Served only while `METRICS_TOKEN` is set (404 otherwise, like an unknown path).',
  answers: {
    200: { file: 'text/plain', description: 'Requests, licence calls, outbox, orders, backup age and process metrics' },
    401: ErrorAnswer,
    404: ErrorAnswer,
  },
});

export const openApi = defineCall({
  id: 'getOpenApi',
  method: 'GET',
  path: '/api/openapi.json',
  auth: 'public',
  tag: 'Server',
  summary: 'This document',
  answers: { 200: Type.Object({ openapi: Type.Literal('3.1.0') }, { description: 'The OpenAPI 3.1 document' }) },
});
