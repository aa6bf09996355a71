import { isTab, store } from './store';
import type { Tab } from './store';

/** The tab lives in the URL hash so a reload keeps it. */
export function readTabFromHash(): void {
  const value = decodeURIComponent(window.location.hash.slice(1));
  if (isTab(value)) store.tab = value;
}

export function selectTab(tab: Tab): void {
  store.tab = tab;
  if (window.location.hash !== `#${tab}`) window.history.replaceState(null, '', `#${tab}`);
}
