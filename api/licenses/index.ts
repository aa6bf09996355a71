/** What other features may use of the licences room: the key rules, the device-move window, issuing a LoopBOT licence. */
export { generateLicenseKey, hashLicenseKey, maskLicenseKey, normalizeLicenseKey } from './license-keys';
export { MOVE_WINDOW_DAYS, moveAllowedAgainAt, moveOutlook, moveWindowStart } from './device-moves';
export { insertLoopbotLicenseIn } from './new-loopbot-license';
