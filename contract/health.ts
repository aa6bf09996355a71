/** Calls about the server itself. */
import { Type } from '@sinclair/typebox';
import { defineCall } from './call';
import { Answer } from './schema';

export const health = defineCall({
  id: 'getHealth',
  method: 'GET',
  path: '/healthz',
  auth: 'public',
  tag: 'Server',
  summary: 'Liveness: answers while the server can serve requests',
  answers: { 200: Answer({ ok: Type.Literal(true) }) },
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
