import type { AppContext } from './context';
import { HttpError } from './http';
import type { Handler } from './http';

// Placeholder until this resource's issue lands: every call answers 501.
export async function promptHandlers(_ctx: AppContext): Promise<{ list: Handler; create: Handler; update: Handler; remove: Handler; image: Handler }> {
  const notImplemented: Handler = () => {
    throw new HttpError(501, 'Not implemented');
  };
  return { list: notImplemented, create: notImplemented, update: notImplemented, remove: notImplemented, image: notImplemented };
}
