/** Every admin text in one place: those of docs/spec.md#admin-messages word for word first, then those of later screens (storefront, orders, mail). */
import { INVALID_DAYS } from '../../contract/rules/durations';

export const MESSAGES = {
  loginFailed: 'Login failed',
  loginError: 'Login error: ',
  invalidDays: INVALID_DAYS,
  noContent: 'No content available for this prompt type',
  copyFailed: 'Failed to copy prompt',

  createLicenseFailed: 'Failed to create license',
  createLicenseError: 'Error creating license: ',
  licenseCreated: 'License created successfully!',
  extendFailed: 'Failed to extend license',
  extendError: 'Error extending license: ',
  shortenFailed: 'Failed to shorten license',
  shortenError: 'Error shortening license: ',
  deactivateFailed: 'Failed to deactivate license',
  deactivateError: 'Error deactivating license: ',
  licenseDeactivated: 'License deactivated successfully!',
  deleteLicenseFailed: 'Failed to delete license',
  deleteLicenseError: 'Error deleting license: ',
  licenseDeleted: 'License deleted successfully!',
  downloadLicenseError: 'Error downloading license: ',

  createLoopstreamFailed: 'Failed to create loopstream',
  createLoopstreamError: 'Error creating loopstream: ',
  loopstreamCreated: 'Loopstream created successfully!',
  deleteLoopstreamFailed: 'Failed to delete loopstream',
  deleteLoopstreamError: 'Error deleting loopstream: ',
  loopstreamDeleted: 'Loopstream deleted successfully!',
  downloadLoopstreamError: 'Error downloading loopstream: ',
  updateLoopstreamFailed: 'Failed to update loopstream',
  updateLoopstreamError: 'Error updating loopstream: ',
  loopstreamUpdated: 'Loopstream updated successfully!',
  extendLoopstreamFailed: 'Failed to extend loopstream',
  extendLoopstreamError: 'Error extending loopstream: ',

  initializeFailed: 'Failed to initialize configurations',
  initializeError: 'Error initializing configurations: ',
  initialized: 'Default configurations initialized successfully!',
  saveSettingFailed: 'Failed to save configuration',
  saveSettingError: 'Error saving configuration: ',
  settingSaved: 'Configuration saved successfully!',
  previewError: 'Error previewing template: ',

  savePromptFailed: 'Failed to save prompt',
  savePromptError: 'Error saving prompt: ',
  promptCreated: 'Prompt created successfully!',
  promptUpdated: 'Prompt updated successfully!',
  deletePromptFailed: 'Failed to delete prompt',
  deletePromptError: 'Error deleting prompt: ',
  promptDeleted: 'Prompt deleted successfully!',

  nothingToSave: 'Nothing to save: no changes.',
  logoutUnsaved: 'The Storefront has unsaved changes. Log out and lose them?',
  saveStorefrontFailed: 'Failed to save storefront',
  saveStorefrontError: 'Error saving storefront: ',
  uploadScreenshotFailed: 'Failed to upload the screenshot',
  uploadScreenshotError: 'Error uploading the screenshot: ',
  storefrontLoadFailed: 'The storefront could not be loaded.',

  ordersLoadFailed: 'Could not load the orders. Tap Refresh to try again.',
  markHandledFailed: 'Failed to mark the order as handled',
  markHandledError: 'Error marking the order as handled: ',
  orderHandled: 'Order marked as handled',
  outboxLoadFailed: 'Could not load the outbox. Tap Refresh to try again.',
  activityLoadFailed: 'Could not load the activity log. Tap Refresh to try again.',
  backupStartError: 'The backup could not be started: ',
  insightsLoadError: 'Could not load insights: ',
  insightsFigureLoadFailed: 'Could not load the figures.',
  resendFailed: 'Failed to resend the e-mail',
  resendError: 'Error resending the e-mail: ',
  resendQueued: 'E-mail queued',
  emailLicenseFailed: 'Failed to send the licence by e-mail',
  emailLicenseError: 'Error sending the licence by e-mail: ',
  licenseEmailQueued: 'Licence e-mail queued',
  setUpOrderFailed: 'Failed to set up LoopStream for the order',
  setUpOrderError: 'Error setting up LoopStream for the order: ',
  setUpOrderDone: 'LoopStream access created and the order handled',
  issueOrderLicenseFailed: 'Failed to issue the licence',
  issueOrderLicenseError: 'Error issuing the licence: ',
  issueOrderLicenseDone: 'Licence issued and e-mailed',
  reprocessOrderFailed: 'Failed to process the order again',
  reprocessOrderError: 'Error processing the order again: ',
  reprocessOrderDone: 'Order processed again',
} as const;

type Texts = { failed: string; errorPrefix: string; success: string };
const texts = (failed: string, errorPrefix: string, success: string): Texts => ({ failed, errorPrefix, success });

/** The texts of each change (mutate's failure, error prefix and success), from the list above. */
export const CHANGE_TEXTS = {
  createLicense: texts(MESSAGES.createLicenseFailed, MESSAGES.createLicenseError, MESSAGES.licenseCreated),
  deactivateLicense: texts(MESSAGES.deactivateFailed, MESSAGES.deactivateError, MESSAGES.licenseDeactivated),
  deleteLicense: texts(MESSAGES.deleteLicenseFailed, MESSAGES.deleteLicenseError, MESSAGES.licenseDeleted),
  createLoopstream: texts(MESSAGES.createLoopstreamFailed, MESSAGES.createLoopstreamError, MESSAGES.loopstreamCreated),
  updateLoopstream: texts(MESSAGES.updateLoopstreamFailed, MESSAGES.updateLoopstreamError, MESSAGES.loopstreamUpdated),
  deleteLoopstream: texts(MESSAGES.deleteLoopstreamFailed, MESSAGES.deleteLoopstreamError, MESSAGES.loopstreamDeleted),
  initializeSettings: texts(MESSAGES.initializeFailed, MESSAGES.initializeError, MESSAGES.initialized),
  saveSetting: texts(MESSAGES.saveSettingFailed, MESSAGES.saveSettingError, MESSAGES.settingSaved),
  deletePrompt: texts(MESSAGES.deletePromptFailed, MESSAGES.deletePromptError, MESSAGES.promptDeleted),
} as const;

type DaysTexts = { failed: string; errorPrefix: string; done: (days: number) => string };
const daysTexts = (failed: string, errorPrefix: string, done: (days: number) => string): DaysTexts => ({
  failed,
  errorPrefix,
  done,
});

/** The texts of each change by a number of days; `done` is the success when the server sends no message of its own. */
export const DAYS_TEXTS = {
  extendLicense: daysTexts(MESSAGES.extendFailed, MESSAGES.extendError, (days) => `License extended by ${days} days`),
  shortenLicense: daysTexts(
    MESSAGES.shortenFailed,
    MESSAGES.shortenError,
    (days) => `License shortened by ${days} days`,
  ),
  extendLoopstream: daysTexts(
    MESSAGES.extendLoopstreamFailed,
    MESSAGES.extendLoopstreamError,
    (days) => `Loopstream extended by ${days} days`,
  ),
} as const;

/** '{type} prompt copied to clipboard!' with Template or Music. */
export function copiedMessage(kind: 'template' | 'music'): string {
  return `${kind === 'template' ? 'Template' : 'Music'} prompt copied to clipboard!`;
}

/** The owner's second factor, passkeys and sessions (the Security view and the sign-in's code step). */
export const SECURITY_MESSAGES = {
  codeWrong: 'Wrong code',
  codeError: 'Error checking the code: ',
  passkeySignInFailed: 'Passkey sign-in failed: ',
  passkeyCancelled: 'Passkey sign-in was cancelled',
  loadFailed: 'Failed to load the security settings: ',
  totpStartFailed: 'Failed to start the set-up: ',
  totpConfirmFailed: 'The code was not accepted: ',
  totpOn: 'The second factor is on. Keep the recovery codes somewhere safe.',
  totpOffQuestion: 'Turn the second factor off? Enter a current code (or a recovery code) to confirm.',
  totpOff: 'The second factor is off.',
  totpOffFailed: 'The second factor stayed on: ',
  passkeyAdded: 'Passkey added.',
  passkeyAddFailed: 'The passkey was not added: ',
  passkeyRemoveQuestion: 'Remove this passkey? It can no longer sign in.',
  passkeyRemoved: 'Passkey removed.',
  passkeyRenameQuestion: 'A name for this passkey (e.g. Laptop or Phone):',
  recoveryCopied: 'Recovery codes copied. Paste them somewhere safe, away from the phone.',
  recoveryCopyFailed: 'The codes could not be copied: use Download instead.',
  sessionEndQuestion: 'End this session? That device is signed out.',
  sessionEnded: 'Session ended.',
  changeFailed: 'The change failed: ',
} as const;
