import type { IncomingMessage, ServerResponse } from 'node:http';
import { openStore } from '../data/open-store';
import { loadPromptIndex } from '../data/prompts';
import { ensureAdmin } from './admin/admin-session';
import { clientIp, isSecure } from './http/client-ip';
import type { Config } from './config';
import type { AppContext } from './context';
import { HANDLED, HttpError, Reply, sendJson } from './http/http';
import type { ApiRequest } from './http/http';
import { createLogger, loggablePath } from './logger';
import type { Logger } from './logger';
import { Router } from './http/router';
import type { Route } from './http/router';
import { parseTarget } from './http/request-target';
import { createRoutes } from './routes';
import { SECURITY_HEADER_LISTS, securityHeaders } from './http/security-headers';
import { StaticFiles } from './http/static-files';

export type App = {
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  ctx: AppContext;
  /** Flushes storage and releases everything; call after the HTTP server stopped. */
  close: () => Promise<void>;
};

export type AppOptions = {
  now?: () => Date;
  log?: Logger;
  /** Extra routes after the real table; lets tests mount a handler that misbehaves on purpose. */
  extraRoutes?: readonly Route[];
};

/** Opens storage, migrates, prepares routes and static files once; returns the request handler. */
export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const log = options.log ?? createLogger(config.logLevel);
  const db = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    snapshotEveryEntries: config.snapshotEveryEntries,
    onError: (message, error) => log.error(message, error),
    onInfo: (message) => log.info(message),
  });
  const cleanups: Array<() => Promise<void> | void> = [];
  const ctx: AppContext = {
    config,
    db,
    log,
    now: options.now ?? (() => new Date()),
    onClose: (cleanup) => cleanups.push(cleanup),
  };
  let router: Router;
  let statics: StaticFiles;
  try {
    // The public prompt list's index is needed by the first visitor of /prompts anyway.
    await loadPromptIndex(db);
    await ensureAdmin(ctx);
    router = new Router([...(await createRoutes(ctx)), ...(options.extraRoutes ?? [])]);
    statics = await StaticFiles.load(config.publicDir, SECURITY_HEADER_LISTS);
  } catch (error) {
    // Release the data directory (and whatever the handlers set up) before giving up.
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
  // Looked up once: every unknown page answers with it.
  const notFound = statics.lookup('/404.html');

  function sendError(req: ApiRequest, error: unknown): void {
    const status = error instanceof HttpError ? error.status : statusOf(error);
    const path = loggablePath(req.path);
    if (status >= 500 && status !== 503) log.error(`${req.method} ${path} failed`, error);
    else if (status === 503) log.warn(`${req.method} ${path}: ${(error as Error).message}`);
    const message = status === 500 ? 'Internal server error' : String((error as Error | null)?.message ?? 'Request failed');
    // A copy: the Connection header below must not stick to an error object that is reused.
    const headers = { ...(error instanceof HttpError ? error.headers : {}) };
    const extra = error instanceof HttpError ? error.extra : {};
    if (req.res.headersSent) {
      req.res.destroy();
      return;
    }
    // Unread request bodies (413, early 401) would stall a keep-alive connection: close it.
    if (!req.raw.readableEnded) headers.Connection = 'close';
    sendJson(req.res, status, { success: false, error: message, ...extra }, headers);
  }

  async function handleApi(req: ApiRequest): Promise<void> {
    const match = router.find(req.method, req.path);
    if (match.kind === 'not-found') throw new HttpError(404, 'Not found');
    if (match.kind === 'method-not-allowed') {
      throw new HttpError(405, 'Method not allowed', { Allow: [...new Set(match.allowed)].join(', ') });
    }
    req.params = match.params;
    const result = await match.handler(req);
    if (result === HANDLED || req.res.writableEnded) return;
    // The answer may show what other requests committed a moment ago (in memory, fsync under
    // way): it leaves only once that is on disk, so nothing a client was shown can vanish in a
    // crash. Without writes in flight this costs one microtask.
    await db.sync();
    if (result instanceof Reply) sendJson(req.res, result.status, result.body, result.headers);
    else sendJson(req.res, 200, result ?? { success: true });
  }

  /** Pages and assets: answered from memory with precomputed headers, the hottest path there is. */
  function handleStatic(raw: IncomingMessage, res: ServerResponse, path: string, secure: boolean): void {
    if (raw.method !== 'GET' && raw.method !== 'HEAD') {
      setSecurityHeaders(res, secure);
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    const file = statics.lookup(path);
    if (file) {
      // The 404 page asked for by name is still a 404, so crawlers never index it.
      statics.send(raw, res, file, secure, file === notFound ? 404 : 200);
      return;
    }
    if (notFound) {
      statics.send(raw, res, notFound, secure, 404);
      return;
    }
    setSecurityHeaders(res, secure);
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Halaman tidak ditemukan');
  }

  const accessLog = log.enabled('info');

  function handle(raw: IncomingMessage, res: ServerResponse): void {
    const started = accessLog ? performance.now() : 0;
    const secure = isSecure(raw, config.trustProxy);
    const target = parseTarget(raw.url);
    if (accessLog) {
      // 'close' also fires when the client went away before the answer was complete.
      res.on('close', () => {
        // The path only: query strings may carry search text, never worth logging.
        const status = res.writableFinished ? res.statusCode : 'aborted';
        log.info(`${raw.method} ${loggablePath(target.path)} ${status} ${(performance.now() - started).toFixed(1)}ms`);
      });
    }
    if (!target.path.startsWith('/api/') && target.path !== '/healthz') {
      try {
        handleStatic(raw, res, target.path, secure);
      } catch (failure) {
        log.error(`${raw.method} ${loggablePath(target.path)}: the answer failed`, failure);
        res.destroy();
      }
      return;
    }
    setSecurityHeaders(res, secure);
    const req: ApiRequest = {
      method: raw.method ?? 'GET',
      path: target.path,
      query: new URLSearchParams(target.query),
      params: {},
      headers: raw.headers,
      ip: clientIp(raw, config.trustProxy),
      secure,
      raw,
      res,
      config,
    };
    handleApi(req).catch((error: unknown) => {
      try {
        sendError(req, error);
      } catch (failure) {
        // Even the error answer could not be written: drop the connection, keep the server.
        log.error(`${req.method} ${loggablePath(req.path)}: the error answer failed`, failure);
        res.destroy();
      }
    });
  }

  return {
    handle,
    ctx,
    async close() {
      for (const cleanup of cleanups.reverse()) await cleanup();
      await db.close();
    },
  };
}

function setSecurityHeaders(res: ServerResponse, secure: boolean): void {
  for (const [name, value] of securityHeaders(secure)) res.setHeader(name, value);
}

function statusOf(error: unknown): number {
  const status = (error as { status?: unknown; httpCode?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}
