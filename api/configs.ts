import type { AppContext } from './context';
import { HttpError } from './http';
import type { Handler } from './http';

// Placeholder until this resource's issue lands: every call answers 501.
export function configHandlers(_ctx: AppContext): { list: Handler; initialize: Handler; set: Handler; update: Handler; preview: Handler } {
  const notImplemented: Handler = () => {
    throw new HttpError(501, 'Not implemented');
  };
  return { list: notImplemented, initialize: notImplemented, set: notImplemented, update: notImplemented, preview: notImplemented };
}
