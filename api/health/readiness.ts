/**
 * `GET /readyz`: 200 only while the store answers a trivial query in time and holds the schema this
 * server migrated to; 503 with the reason otherwise, so a load balancer takes the instance out of
 * rotation (`/healthz` keeps answering: the process itself is alive).
 */
import type { readiness } from '../../contract/calls/health';
import { schemaState } from '../../data/monitoring';
import type { AppContext } from '../context';
import { reply } from '../http/api-request';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { TimedOut, withTimeout } from './with-timeout';

/** Short: a probe that hangs is as bad as one that fails, and probes come every few seconds. */
export const READY_TIMEOUT_MS = 2000;

/** Why the instance cannot take traffic, or undefined when it can. */
export async function notReadyReason(ctx: AppContext): Promise<string | undefined> {
  let state;
  try {
    state = await withTimeout(schemaState(ctx.db), READY_TIMEOUT_MS);
  } catch (error) {
    // The detail (addresses, driver messages) goes to the log, not to whoever probes.
    if (error instanceof TimedOut) return `Storage did not answer within ${READY_TIMEOUT_MS} ms`;
    ctx.log.debug(`readiness: the store did not answer: ${(error as Error).message}`);
    return 'Storage unavailable';
  }
  if (state.version < state.expected)
    return `Migrations not done: the schema is at version ${state.version} of ${state.expected}`;
  if (state.version > state.expected)
    return `The database schema (version ${state.version}) is newer than this server (${state.expected})`;
  return undefined;
}

export async function ready(_req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof readiness>> {
  const reason = await notReadyReason(ctx);
  // A plain answer, not an HttpError: a probe every few seconds would fill the log with warnings.
  if (reason !== undefined)
    return reply(503, { success: false as const, error: reason }, { 'Cache-Control': 'no-store' });
  return reply(200, { ok: true as const }, { 'Cache-Control': 'no-store' });
}
