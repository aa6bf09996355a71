import type { IncomingMessage, ServerResponse } from 'node:http';
import { CALLS } from '../contract/calls/calls';
import { openStore } from '../data/open-store';
import { loadPromptIndex } from '../data/prompts';
import { setupBuyers } from './account/buyer-services';
import { ensureAdmin, setupAdminSessions } from './admin/admin-sessions';
import { limiterFactory } from './shared/limiter';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import type { CoreContext } from './core-context';
import type { ApiRequest } from './http/api-request';
import { answerApi } from './http/api-edge';
import { browserSeesHttps, clientIp } from './http/client-ip';
import { createPageEdge, setSecurityHeaders } from './http/page-edge';
import { parseTarget } from './http/request-target';
import { Router } from './http/router';
import type { Route } from './http/router';
import { builtScriptHashes, securityHeaderLists } from './http/security-headers';
import { StaticFiles } from './http/static-files';
import { setupMetrics, PAGES_ROUTE, UNMATCHED_ROUTE } from './health/metrics';
import { backupAge } from './health/backup-age';
import { setupImages } from './images/image-services';
import { setupLicenseApi } from './license-api/license-api-setup';
import { createLogger, loggablePath } from './logger';
import { warnIfPaymentsOff } from './webhooks/payments-off';
import { setupMail } from './mail/mail-setup';
import { setupBackups } from './backups/backup-setup';
import type { Logger } from './logger';
import { setupPrompts } from './prompts/prompt-services';
import { setupStorefront } from './storefront/storefront-setup';
import type { StorefrontPages } from './storefront/storefront-pages';
import { createRoutes } from './routes';

/** The server's own calls outside /api/ (`/healthz`, `/readyz`, `/metrics`): answered by the router, not as pages. */
const SERVER_PATHS: ReadonlySet<string> = new Set(
  CALLS.map((call) => call.path).filter((path) => !path.startsWith('/api/')),
);

/** The status sent, or 0 when the client went away before the answer was complete. */
function answeredStatus(res: ServerResponse): number {
  return res.writableFinished ? res.statusCode : 0;
}

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

/** Opens storage, migrates, sets up every feature, routes and static files once; returns the request handler. */
export async function createApp(config: ServerConfig, options: AppOptions = {}): Promise<App> {
  const log = options.log ?? createLogger(config.logLevel);
  const db = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    snapshotEveryEntries: config.snapshotEveryEntries,
    onError: (message, error) => log.error(message, error),
    onInfo: (message) => log.info(message),
  });
  const cleanups: Array<() => Promise<void> | void> = [];
  const now = options.now ?? (() => new Date());
  const core: CoreContext = {
    config,
    db,
    log,
    now,
    onClose: (cleanup) => void cleanups.push(cleanup),
    limiters: limiterFactory(db, () => now().getTime()),
  };
  let ctx: AppContext;
  let router: Router<AppContext>;
  let pages: StorefrontPages;
  try {
    ctx = {
      ...core,
      adminSessions: setupAdminSessions(core, core.limiters),
      licenseApi: await setupLicenseApi(core),
      images: await setupImages(core),
      prompts: setupPrompts(),
      storefront: await setupStorefront(core),
      mail: setupMail(core),
      metrics: setupMetrics(core, backupAge(core)),
      backups: setupBackups(
        core,
        () => ctx.licenseApi.signer,
        () => ctx.mail.queued(),
      ),
      buyers: setupBuyers(core),
    };
    // The public prompt list's index is needed by the first visitor of /prompts anyway.
    await loadPromptIndex(db);
    await ensureAdmin(ctx);
    warnIfPaymentsOff(core);
    router = new Router([...createRoutes(), ...(options.extraRoutes ?? [])]);
    // Pages rendered again when the catalogue is no longer the one the build rendered.
    pages = await ctx.storefront.attach(
      await StaticFiles.load(config.publicDir, securityHeaderLists(await builtScriptHashes(config.publicDir))),
    );
  } catch (error) {
    // Release the data directory (and whatever the features set up) before giving up.
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
  const answerPage = createPageEdge(pages);
  const accessLog = log.enabled('info');
  const { metrics } = ctx;

  function handle(raw: IncomingMessage, res: ServerResponse): void {
    const started = accessLog || metrics ? performance.now() : 0;
    const secure = browserSeesHttps(raw, config);
    const target = parseTarget(raw.url);
    if (accessLog) {
      // 'close' also fires when the client went away before the answer was complete.
      res.on('close', () => {
        // The path only: query strings may carry search text, never worth logging.
        const status = res.writableFinished ? res.statusCode : 'aborted';
        log.info(`${raw.method} ${loggablePath(target.path)} ${status} ${(performance.now() - started).toFixed(1)}ms`);
      });
    }
    if (!target.path.startsWith('/api/') && !SERVER_PATHS.has(target.path)) {
      if (metrics)
        res.on('close', () =>
          metrics.request(raw.method ?? 'GET', PAGES_ROUTE, answeredStatus(res), (performance.now() - started) / 1000),
        );
      try {
        answerPage(raw, res, target.path, secure);
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
    if (metrics)
      res.on('close', () =>
        metrics.request(
          req.method,
          req.route ?? UNMATCHED_ROUTE,
          answeredStatus(res),
          (performance.now() - started) / 1000,
        ),
      );
    answerApi(router, ctx, req);
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
