import { adminSession } from './admin/admin-session';
import { configHandlers } from './settings/configs';
import type { AppContext } from './context';
import { licenseAppHandlers } from './license-api/license-app';
import { licenseHandlers } from './licenses/licenses';
import { loopstreamHandlers } from './loopstreams/loopstreams';
import { promptHandlers } from './prompts/prompts';
import type { Route } from './http/router';
import { serveOpenApi } from './openapi';

/**
 * Every API call, one row each. `adminOnly` is the single session guard; rows without it are
 * public: the API document, the session calls, the public prompt list and images, and the
 * desktop app's licence calls (the licence key is their credential).
 */
export async function createRoutes(ctx: AppContext): Promise<Route[]> {
  const session = adminSession(ctx);
  const { adminOnly } = session;
  const licenses = licenseHandlers(ctx);
  const licenseApp = await licenseAppHandlers(ctx);
  const loopstreams = loopstreamHandlers(ctx);
  const configs = configHandlers(ctx);
  const prompts = await promptHandlers(ctx);

  return [
    ['GET', '/healthz', () => ({ ok: true })],
    ['GET', '/api/openapi.json', serveOpenApi],

    ['GET', '/api/admin/check', session.check],
    ['POST', '/api/admin/login', session.login],
    ['POST', '/api/admin/logout', session.logout],
    ['GET', '/api/admin/dashboard', adminOnly(licenses.dashboard)],

    ['GET', '/api/license/list', adminOnly(licenses.list)],
    ['POST', '/api/license/create', adminOnly(licenses.create)],
    ['GET', '/api/license/download/:license_key', adminOnly(licenses.download)],
    ['POST', '/api/license/extend/:id', adminOnly(licenses.extend)],
    ['POST', '/api/license/shorten/:id', adminOnly(licenses.shorten)],
    ['DELETE', '/api/license/delete/:id', adminOnly(licenses.remove)],
    ['GET', '/api/license/events/:id', adminOnly(licenses.events)],

    ['POST', '/api/license/activate', licenseApp.activate],
    ['POST', '/api/license/validate', licenseApp.validate],
    ['POST', '/api/deactivate_license', licenseApp.deactivate],
    ['GET', '/api/license/public-key', licenseApp.publicKey],

    ['GET', '/api/loopstream/list', adminOnly(loopstreams.list)],
    ['POST', '/api/loopstream/create', adminOnly(loopstreams.create)],
    ['GET', '/api/loopstream/download/:id', adminOnly(loopstreams.download)],
    ['DELETE', '/api/loopstream/delete/:id', adminOnly(loopstreams.remove)],

    ['GET', '/api/config/list', adminOnly(configs.list)],
    ['POST', '/api/config/initialize', adminOnly(configs.initialize)],
    ['POST', '/api/config/set', adminOnly(configs.set)],
    ['PUT', '/api/config/update/:id', adminOnly(configs.update)],
    ['POST', '/api/config/template/preview', adminOnly(configs.preview)],

    ['GET', '/api/prompt/list', prompts.list],
    ['POST', '/api/prompt/create', adminOnly(prompts.create)],
    ['PUT', '/api/prompt/update/:id', adminOnly(prompts.update)],
    ['DELETE', '/api/prompt/delete/:id', adminOnly(prompts.remove)],
    ['GET', '/api/prompt/image/:filename', prompts.image],
  ];
}
