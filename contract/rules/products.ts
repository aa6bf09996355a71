/** The products as people read them, in licence answers, e-mails and the admin. Plain values, for the browser too. */
import type { APP_TYPES } from './vocabulary';

export const PRODUCT_NAMES: Record<(typeof APP_TYPES)[number], string> = {
  loopbot: 'LoopBOT',
  loopstream: 'LoopStream',
};

/**
 * The port a LoopStream server listens on unless the admin gives another (docs/spec.md#server-address):
 * the server adds it to a stored address, the admin form says so.
 */
export const LOOPSTREAM_PORT = 5000;
