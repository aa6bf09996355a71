/**
 * Every API call, one row each: its contract (method, path, who may call it, its answers) and
 * the function that answers it. Calls whose contract says `admin` get the session guard here, the
 * one place it is applied; the others are public: the session calls, the public prompt list and
 * images, the desktop app's licence calls (the licence key is their credential) and the
 * marketplace's payment webhook (its signature is checked by its handler).
 */
import type { CallSpec } from '../contract/call';
import * as adminSessionCalls from '../contract/admin-session';
import * as settingsCalls from '../contract/configs';
import { health as healthCall, openApi as openApiCall } from '../contract/health';
import * as licenseApiCalls from '../contract/license-app';
import * as licenseCalls from '../contract/licenses';
import * as loopstreamCalls from '../contract/loopstreams';
import * as mailCalls from '../contract/mail';
import * as orderCalls from '../contract/orders';
import * as promptCalls from '../contract/prompts';
import * as storefrontCalls from '../contract/storefront';
import { lynkWebhook } from '../contract/webhooks';
import { adminOnly } from './admin/admin-guard';
import * as session from './admin/session-handlers';
import type { Handler, HandlerOf } from './http/api-request';
import { serveOpenApi } from './http/openapi';
import type { Route } from './http/router';
import * as licenseApi from './license-api/license-handlers';
import { extend, shorten } from './licenses/change-expiry';
import { email as emailLicense } from './licenses/email-license';
import * as licenses from './licenses/license-handlers';
import * as loopstreams from './loopstreams/loopstream-handlers';
import * as mail from './mail/mail-handlers';
import * as orderActions from './orders/order-actions';
import * as orders from './orders/order-handlers';
import { image } from './prompts/prompt-image';
import * as prompts from './prompts/prompt-handlers';
import * as settings from './settings/settings-handlers';
import { uploadEarningsImage } from './storefront/earnings-image';
import * as storefront from './storefront/storefront-handlers';
import { lynk } from './webhooks/lynk-handler';

type Row = readonly [call: CallSpec, handler: Handler];

/** A row whose handler's answers are checked against its call's contract. */
const row = <Call extends CallSpec>(call: Call, handler: HandlerOf<Call>): Row => [call, handler as Handler];

export const ROUTES: readonly Row[] = [
  row(healthCall, () => ({ ok: true as const })),
  row(openApiCall, serveOpenApi),

  row(adminSessionCalls.checkSession, session.check),
  row(adminSessionCalls.login, session.login),
  row(adminSessionCalls.logout, session.logout),
  row(licenseCalls.dashboard, licenses.dashboard),

  row(licenseCalls.listLicenses, licenses.list),
  row(licenseCalls.createLicense, licenses.create),
  row(licenseCalls.downloadLicense, licenses.download),
  row(licenseCalls.extendLicense, extend),
  row(licenseCalls.shortenLicense, shorten),
  row(licenseCalls.deleteLicense, licenses.remove),
  row(licenseCalls.licenseEvents, licenses.events),
  row(licenseCalls.emailLicense, emailLicense),

  row(licenseApiCalls.activateLicense, licenseApi.activate),
  row(licenseApiCalls.validateLicense, licenseApi.validate),
  row(licenseApiCalls.deactivateLicense, licenseApi.deactivate),
  row(licenseApiCalls.licensePublicKey, licenseApi.publicKey),

  row(loopstreamCalls.listLoopstreams, loopstreams.list),
  row(loopstreamCalls.createLoopstream, loopstreams.create),
  row(loopstreamCalls.updateLoopstream, loopstreams.update),
  row(loopstreamCalls.extendLoopstream, loopstreams.extend),
  row(loopstreamCalls.downloadLoopstream, loopstreams.download),
  row(loopstreamCalls.deleteLoopstream, loopstreams.remove),

  row(settingsCalls.listConfigs, settings.list),
  row(settingsCalls.initializeConfigs, settings.initialize),
  row(settingsCalls.setConfig, settings.set),
  row(settingsCalls.updateConfig, settings.update),
  row(settingsCalls.previewTemplate, settings.preview),
  row(settingsCalls.shopTimeZone, settings.timeZone),

  row(promptCalls.listPrompts, prompts.list),
  row(promptCalls.createPrompt, prompts.create),
  row(promptCalls.updatePrompt, prompts.update),
  row(promptCalls.deletePrompt, prompts.remove),
  row(promptCalls.promptImage, image),

  row(storefrontCalls.getStorefront, storefront.get),
  row(storefrontCalls.saveStorefront, storefront.save),
  row(storefrontCalls.uploadEarningsImage, uploadEarningsImage),

  row(lynkWebhook, lynk),
  row(orderCalls.listOrders, orders.list),
  row(orderCalls.markOrderHandled, orders.handled),
  row(orderCalls.setUpOrderLoopstream, orderActions.setUpLoopstream),
  row(orderCalls.issueOrderLicense, orderActions.issueLicense),
  row(orderCalls.reprocessOrder, orderActions.reprocess),
  row(orderCalls.orderStats, orders.stats),
  row(mailCalls.listMail, mail.list),
  row(mailCalls.resendMail, mail.resend),
];

/** The router's table: each row's method and path, its handler behind the guard its contract asks for. */
export function createRoutes(): Route[] {
  return ROUTES.map(([call, handler]) => [call.method, call.path, call.auth === 'admin' ? adminOnly(handler) : handler]);
}
