import type { SignedPayload } from '../../contract/calls/license-answer';

/** A call of the desktop app's licence API, as its signed answer names it (`typ`): counted by the metrics, limited per key. */
export type LicenseCall = SignedPayload['typ'];
