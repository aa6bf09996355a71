import type { AppContext } from './context';
import { HttpError } from './http';
import type { Handler } from './http';

// Placeholder until this resource's issue lands: every call answers 501.
export async function licenseAppHandlers(_ctx: AppContext): Promise<{ activate: Handler; validate: Handler; deactivate: Handler; publicKey: Handler }> {
  const notImplemented: Handler = () => {
    throw new HttpError(501, 'Not implemented');
  };
  return { activate: notImplemented, validate: notImplemented, deactivate: notImplemented, publicKey: notImplemented };
}
