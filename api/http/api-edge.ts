/**
 * The API's side of a request: find the route, run its handler, write its answer. Every error
 * takes one path: `{success:false, error}` with the error's status; only a 500 is logged as an
 * error, with its stack, and its text never reaches the client.
 */
import { loggablePath } from '../logger';
import { HANDLED, Reply } from './api-request';
import type { ApiRequest, HandlerContext } from './api-request';
import { HttpError } from './http-error';
import { sendJson } from './json-body';
import type { Router } from './router';

function statusOf(error: unknown): number {
  const status = (error as { status?: unknown; httpCode?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

function sendError(ctx: HandlerContext, req: ApiRequest, error: unknown): void {
  const status = error instanceof HttpError ? error.status : statusOf(error);
  const path = loggablePath(req.path);
  if (status >= 500 && status !== 503) ctx.log.error(`${req.method} ${path} failed`, error);
  else if (status === 503) ctx.log.warn(`${req.method} ${path}: ${(error as Error).message}`, (error as Error).cause);
  const message =
    status === 500 ? 'Internal server error' : String((error as Error | null)?.message ?? 'Request failed');
  const headers = error instanceof HttpError ? error.headers : {};
  const extra = error instanceof HttpError ? error.extra : {};
  if (req.res.headersSent) {
    req.res.destroy();
    return;
  }
  // An early answer (413, 401 before an upload) drains what the client is still sending (sendJson).
  sendJson(req.res, status, { success: false, error: message, ...extra }, headers);
}

async function answer<Ctx extends HandlerContext>(router: Router<Ctx>, ctx: Ctx, req: ApiRequest): Promise<void> {
  const match = router.find(req.method, req.path);
  if (match.kind === 'not-found') throw new HttpError(404, 'Not found');
  if (match.kind === 'method-not-allowed') {
    throw new HttpError(405, 'Method not allowed', { Allow: [...new Set(match.allowed)].join(', ') });
  }
  req.params = match.params;
  req.route = match.pattern;
  const result = await match.handler(req, ctx);
  if (result === HANDLED || req.res.writableEnded) return;
  // The answer may show what other requests committed a moment ago (in memory, fsync under way):
  // it leaves only once that is on disk, so nothing a client was shown can vanish in a crash.
  // Without writes in flight this costs one microtask.
  await ctx.db.sync();
  if (result instanceof Reply) sendJson(req.res, result.status, result.body, result.headers);
  else sendJson(req.res, 200, result ?? { success: true });
}

/** Answers one API request; never throws (a failure to answer at all drops the connection). */
export function answerApi<Ctx extends HandlerContext>(router: Router<Ctx>, ctx: Ctx, req: ApiRequest): void {
  answer(router, ctx, req).catch((error: unknown) => {
    try {
      sendError(ctx, req, error);
    } catch (failure) {
      // Even the error answer could not be written: drop the connection, keep the server.
      ctx.log.error(`${req.method} ${loggablePath(req.path)}: the error answer failed`, failure);
      req.res.destroy();
    }
  });
}
