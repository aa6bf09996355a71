/**
 * Every call of the server in route-table order, and the OpenAPI document built from them and the
 * rows they share (shared-schemas.ts), served at `GET /api/openapi.json`.
 */
import {
  addPasskey,
  confirmTotp,
  deletePasskey,
  disableTotp,
  endSession,
  getSecurity,
  loginCode,
  passkeyLogin,
  passkeyLoginOptions,
  passkeyRegisterOptions,
  renamePasskey,
  startTotp,
} from './admin-security';
import { checkSession, login, logout } from './admin-session';
import type { CallSpec } from './call';
import { initializeSettings, listSettings, previewTemplate, setSetting, shopTimeZone, updateSetting } from './settings';
import { health, metrics, openApi, readiness } from './health';
import { activateLicense, deactivateLicense, licensePublicKey, validateLicense } from './license-app';
import {
  createLicense,
  dashboard,
  deleteLicense,
  downloadLicense,
  emailLicense,
  extendLicense,
  licenseEvents,
  listLicenses,
  shortenLicense,
} from './licenses';
import {
  createLoopstream,
  deleteLoopstream,
  downloadLoopstream,
  extendLoopstream,
  listLoopstreams,
  updateLoopstream,
} from './loopstreams';
import { listMail, resendMail } from './mail';
import { backupStatus, runBackup } from './backups';
import { openApiDocument } from './openapi';
import { SHARED_SCHEMAS } from './shared-schemas';
import type { OpenApiDocument } from './openapi';
import { createPrompt, deletePrompt, listPrompts, promptImage, updatePrompt } from './prompts';
import { getOwnerStorefront, getStorefront, saveStorefront, uploadEarningsImage } from './storefront';
import {
  issueOrderLicense,
  listOrders,
  markOrderHandled,
  orderStats,
  reprocessOrder,
  setUpOrderLoopstream,
} from './orders';
import { lynkWebhook } from './webhooks';
import {
  accountLicenseHistory,
  accountLogout,
  accountLogoutAll,
  checkAccountSession,
  downloadAccountLicense,
  downloadAccountLoopstream,
  emailAccountLicense,
  getAccount,
  openAccountLink,
  releaseAccountDevice,
  requestAccountLink,
  revealAccountLicense,
} from './account';
import { getTrial, requestTrial } from './trial';
import { exportInsightsCsv, getInsights } from './insights';
import { exportInsightsXlsx } from './insights-xlsx';
import { licenseActivity, listActivity } from './activity';

export const CALLS = [
  health,
  readiness,
  metrics,
  openApi,
  checkSession,
  login,
  loginCode,
  passkeyLoginOptions,
  passkeyLogin,
  logout,
  getSecurity,
  startTotp,
  confirmTotp,
  disableTotp,
  passkeyRegisterOptions,
  addPasskey,
  deletePasskey,
  renamePasskey,
  endSession,
  dashboard,
  listLicenses,
  createLicense,
  downloadLicense,
  extendLicense,
  shortenLicense,
  deleteLicense,
  licenseEvents,
  emailLicense,
  activateLicense,
  validateLicense,
  deactivateLicense,
  licensePublicKey,
  listLoopstreams,
  createLoopstream,
  updateLoopstream,
  extendLoopstream,
  downloadLoopstream,
  deleteLoopstream,
  listSettings,
  initializeSettings,
  setSetting,
  updateSetting,
  previewTemplate,
  shopTimeZone,
  listPrompts,
  createPrompt,
  updatePrompt,
  deletePrompt,
  promptImage,
  getStorefront,
  getOwnerStorefront,
  saveStorefront,
  uploadEarningsImage,
  lynkWebhook,
  listOrders,
  markOrderHandled,
  setUpOrderLoopstream,
  issueOrderLicense,
  reprocessOrder,
  orderStats,
  listMail,
  resendMail,
  backupStatus,
  runBackup,
  requestAccountLink,
  openAccountLink,
  checkAccountSession,
  getAccount,
  accountLicenseHistory,
  revealAccountLicense,
  releaseAccountDevice,
  emailAccountLicense,
  downloadAccountLicense,
  downloadAccountLoopstream,
  accountLogout,
  accountLogoutAll,
  getTrial,
  requestTrial,
  getInsights,
  exportInsightsCsv,
  exportInsightsXlsx,
  listActivity,
  licenseActivity,
] as const satisfies readonly CallSpec[];

const DESCRIPTION = `The shop's server: the admin dashboard's calls, the public prompt list and the licence API of the desktop apps.

**Answers.** JSON with \`success\`; every failure is \`{success:false, error}\` with a 4xx or 5xx status (ErrorAnswer), except the
licence API, whose answers all have the signed LicenseAnswer shape. Times are UTC ISO 8601 (\`2026-12-31T10:00:00.000Z\`).
JSON request bodies must be \`application/json\` objects of at most 1 MB (else 415, 400 or 413); \`error\` names the first bad field.

**Admin integrators.** Sign in with \`POST /api/admin/login\`; the answer sets the \`loop_session\` cookie (HttpOnly,
SameSite=Strict) that every admin call needs (401 without it). Changes are refused cross-site (403): send no \`Origin\`, or
this server's own. When storage cannot take writes (disk full), changes answer 503 and reads keep working.

**Desktop-app developers.** \`POST /api/license/activate\`, \`/api/license/validate\` and \`/api/deactivate_license\` take the
licence key as their credential. Pin the key from \`GET /api/license/public-key\` in the app. For every answer, refusals
included: verify \`signature.sig\` (Ed25519, base64url) over the UTF-8 bytes of \`"LOOPBOT-LICENSE-V1\\n" + signature.payload\`
with the pinned key, decode the payload (base64url JSON, SignedPayload) and check \`v\` is 1, \`nonce\` is the nonce you sent
and \`device_id\` is this device; an answer that fails any check is no answer (treat it as a network failure). A valid answer
carries a lease of 7 days (never past the expiry) for offline use: keep the last signed payload and check it again at start,
with the clock-rollback rule of the README. \`code\` tells what to do (see LicenseCode); 429s carry \`Retry-After\` in seconds.`;

/** The OpenAPI 3.1 document of every call. */
export function apiDocument(): OpenApiDocument {
  return openApiDocument(CALLS, SHARED_SCHEMAS, {
    title: 'LoopBOT & LoopStream shop API',
    version: '1.0.0',
    description: DESCRIPTION,
  });
}
