import { useEffect, useLayoutEffect } from 'react';

/**
 * useLayoutEffect in the browser; on the server, which runs no effect at all, useEffect, so the
 * prerender does not warn about a layout effect it cannot run.
 */
export const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
