/**
 * Registers /sw.js, which keeps the public pages and the saved prompts usable offline. Called by
 * the site's entry after hydration. Browsers allow service workers only in a secure context
 * (https, or http on localhost / 127.0.0.1); anywhere else this does nothing.
 */
export function registerServiceWorker(): void {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = (): void => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  // After the load event, so precaching never competes with the page's own first requests.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
