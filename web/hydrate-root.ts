/**
 * React DOM's client on its own: imported by hydrate.tsx in a task of its own, because setting up
 * react-dom is the largest piece of script the page runs and would otherwise share one long task
 * with the app's modules.
 */
export { hydrateRoot } from 'react-dom/client';
