/** How people read each product's name: in licence answers, e-mails and the admin. Plain values, for the browser too. */
import type { APP_TYPES } from './vocabulary';

export const PRODUCT_NAMES: Record<(typeof APP_TYPES)[number], string> = {
  loopbot: 'LoopBOT',
  loopstream: 'LoopStream',
};
