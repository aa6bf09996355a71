/** Unsaved Storefront edits are never lost without a word: a reload, closing the tab or Logout asks first. */
import { MESSAGES } from '../messages';
import { confirmAction } from './dialogs';
import { describeChanges } from './storefront';
import { store } from './store';

export function hasUnsavedStorefront(): boolean {
  const { saved, draft } = store.storefront;
  return Boolean(saved && draft && describeChanges(saved, draft).length > 0);
}

/** The browser's own "Leave site?" question while the Storefront has unsaved edits. */
export function warnBeforeUnload(event: BeforeUnloadEvent): void {
  if (!hasUnsavedStorefront()) return;
  event.preventDefault();
  // Older Chromium and Safari ask only when returnValue is set.
  event.returnValue = '';
}

/** True when nothing would be lost, or the owner agrees to lose the unsaved edits. */
export function confirmDiscardUnsaved(): boolean {
  return !hasUnsavedStorefront() || confirmAction(MESSAGES.logoutUnsaved);
}
