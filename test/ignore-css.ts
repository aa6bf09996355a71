/**
 * Component tests of an island that imports its stylesheet (esbuild bundles it; Node cannot load
 * it): import this first, then the component with `await import(...)`, which Node links after
 * this hook is in place. Static imports are linked before any code runs, so they would still fail.
 */
import { register } from 'node:module';

const LOADER = `export async function load(url, context, next) {
  return url.endsWith('.css') ? { format: 'module', source: '', shortCircuit: true } : next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(LOADER)}`);
