/**
 * The route table: every call of `CALLS` (contract/calls/calls.ts) in its order, answered by the handler
 * of the same id below. A call without a handler, or a handler without a call, fails the type
 * check, and each handler's answers are checked against its own call's contract. Calls whose
 * contract says `admin` get the session guard in `createRoutes`, the one place it is applied; the
 * others are public: the session calls, the public prompt list and images, the storefront, the
 * desktop app's licence calls (the licence key is their credential) and the marketplace's payment
 * webhook (its signature is checked by its handler).
 */
import { CALLS } from '../contract/calls/calls';
import * as account from './account/account-handlers';
import { buyerOnly } from './account/buyer-guard';
import { release } from './account/release-device';
import * as buyerSession from './account/buyer-session-handlers';
import { adminOnly } from './admin/admin-guard';
import { loginCode } from './admin/login-code-handler';
import * as passkeys from './admin/passkey-handlers';
import * as security from './admin/security-handlers';
import * as session from './admin/admin-session-handlers';
import { metrics } from './health/metrics-handler';
import { ready } from './health/readiness';
import type { AppContext } from './context';
import type { Handler, HandlerMap } from './http/api-request';
import { serveOpenApi } from './http/openapi';
import type { Route } from './http/router';
import * as licenseApi from './license-api/license-app-handlers';
import { extend, shorten } from './licenses/change-expiry';
import { email as emailLicense } from './licenses/email-license';
import * as licenses from './licenses/license-handlers';
import * as loopstreams from './loopstreams/loopstream-handlers';
import * as mail from './mail/mail-handlers';
import * as backups from './backups/backup-handlers';
import * as orderActions from './orders/order-actions';
import * as orders from './orders/order-handlers';
import * as insights from './insights/insights-handlers';
import { exportXlsx } from './insights/xlsx-handler';
import * as activity from './activity/activity-handlers';
import { image } from './prompts/prompt-image';
import * as prompts from './prompts/prompt-handlers';
import * as settings from './settings/settings-handlers';
import { uploadEarningsImage } from './storefront/earnings-image';
import * as storefront from './storefront/storefront-handlers';
import * as trial from './trial/trial-handlers';
import { lynk } from './webhooks/lynk-handler';

/** Each call's handler by the call's id (its OpenAPI operationId). */
export const HANDLERS = {
  getHealth: () => ({ ok: true as const }),
  getReadiness: ready,
  getMetrics: metrics,
  getOpenApi: serveOpenApi,

  checkAdminSession: session.check,
  adminLogin: session.login,
  adminLoginCode: loginCode,
  adminPasskeyLoginOptions: passkeys.loginOptions,
  adminPasskeyLogin: passkeys.login,
  adminLogout: session.logout,
  getAdminSecurity: security.overview,
  startAdminTotp: security.startTotp,
  confirmAdminTotp: security.confirmTotp,
  disableAdminTotp: security.turnOffTotp,
  adminPasskeyRegisterOptions: passkeys.registerOptions,
  addAdminPasskey: passkeys.add,
  deleteAdminPasskey: passkeys.remove,
  renameAdminPasskey: passkeys.rename,
  endAdminSession: security.endSession,
  getDashboard: licenses.dashboard,

  listLicenses: licenses.list,
  createLicense: licenses.create,
  downloadLicense: licenses.download,
  extendLicense: extend,
  shortenLicense: shorten,
  deleteLicense: licenses.remove,
  listLicenseEvents: licenses.events,
  emailLicense,

  activateLicense: licenseApi.activate,
  validateLicense: licenseApi.validate,
  deactivateLicense: licenseApi.deactivate,
  getLicensePublicKey: licenseApi.publicKey,

  listLoopstreams: loopstreams.list,
  createLoopstream: loopstreams.create,
  updateLoopstream: loopstreams.update,
  extendLoopstream: loopstreams.extend,
  downloadLoopstream: loopstreams.download,
  deleteLoopstream: loopstreams.remove,

  listSettings: settings.list,
  initializeSettings: settings.initialize,
  setSetting: settings.set,
  updateSetting: settings.update,
  previewTemplate: settings.preview,
  getShopTimeZone: settings.timeZone,

  listPrompts: prompts.list,
  createPrompt: prompts.create,
  updatePrompt: prompts.update,
  deletePrompt: prompts.remove,
  getPromptImage: image,

  getStorefront: storefront.get,
  getOwnerStorefront: storefront.getForOwner,
  saveStorefront: storefront.save,
  uploadEarningsImage,

  lynkWebhook: lynk,
  listOrders: orders.list,
  markOrderHandled: orders.handled,
  setUpOrderLoopstream: orderActions.setUpLoopstream,
  issueOrderLicense: orderActions.issueLicense,
  reprocessOrder: orderActions.reprocess,
  getOrderStats: orders.stats,
  listMail: mail.list,
  resendMail: mail.resend,
  getBackupStatus: backups.status,
  runBackup: backups.run,

  requestAccountLink: buyerSession.requestLink,
  openAccountLink: buyerSession.openLink,
  checkAccountSession: buyerSession.check,
  getAccount: account.overview,
  accountLicenseHistory: account.history,
  revealAccountLicense: account.reveal,
  releaseAccountDevice: release,
  emailAccountLicense: account.emailAgain,
  downloadAccountLicense: account.downloadLicense,
  downloadAccountLoopstream: account.downloadLoopstream,
  accountLogout: buyerSession.logout,
  accountLogoutAll: buyerSession.logoutAll,
  getTrial: trial.get,
  requestTrial: trial.request,
  getInsights: insights.insights,
  exportInsightsCsv: insights.exportCsv,
  exportInsightsXlsx: exportXlsx,
  listActivity: activity.list,
  listLicenseActivity: activity.licenseEntries,
} satisfies HandlerMap<typeof CALLS, AppContext>;

/** The router's table: each call's method and path, its handler behind the guard its contract asks for. */
export function createRoutes(): Route<AppContext>[] {
  return CALLS.map((call) => {
    const handler: Handler<AppContext> = HANDLERS[call.id];
    return [
      call.method,
      call.path,
      call.auth === 'admin' ? adminOnly(handler) : call.auth === 'buyer' ? buyerOnly(handler) : handler,
    ];
  });
}
