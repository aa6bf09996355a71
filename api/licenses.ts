import type { AppContext } from './context';
import { HttpError } from './http';
import type { Handler } from './http';

// Placeholder until this resource's issue lands: every call answers 501.
export function licenseHandlers(_ctx: AppContext): { list: Handler; create: Handler; download: Handler; extend: Handler; shorten: Handler; remove: Handler; dashboard: Handler; events: Handler } {
  const notImplemented: Handler = () => {
    throw new HttpError(501, 'Not implemented');
  };
  return { list: notImplemented, create: notImplemented, download: notImplemented, extend: notImplemented, shorten: notImplemented, remove: notImplemented, dashboard: notImplemented, events: notImplemented };
}
