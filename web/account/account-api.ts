/**
 * The buyer's calls, same-origin so the `loop_buyer` cookie goes along. Nothing here is stored:
 * not in the service worker (it leaves /api/ to the network) nor in IndexedDB, so a shared phone
 * never shows someone else's licence offline (docs/spec.md#buyer-account).
 */
import type { AnswerEnvelope, AnswerTo, BodyTo, CallSpec, PathTo } from '../../contract/calls/call';
import { callJson } from '../json-call';

/** The network failed or the answer was not JSON: the page says "offline or the server is busy". */
export class NetworkError extends Error {}

/** A buyer call answered 401: the session ended (idle 30 days, signed out elsewhere); the page asks to sign in again. */
export class SessionEndedError extends Error {}

export type Answered<Call extends CallSpec> = {
  status: number;
  retryAfter: number | undefined;
  answer: AnswerTo<Call>;
};

export async function buyerCall<Call extends CallSpec = CallSpec>(
  method: Call['method'],
  path: PathTo<Call['path']>,
  body?: BodyTo<Call>,
): Promise<Answered<Call>> {
  const { status, headers, answer } = await callJson<Call>(method, path, body, { cache: 'no-store' }).catch(
    (error: unknown) => {
      throw new NetworkError((error as Error).message);
    },
  );
  if (status === 401) throw new SessionEndedError('401');
  const retry = Number(headers.get('retry-after'));
  return { status, retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined, answer };
}

/** The error text of a failed answer (the server's Indonesian for 429, else `fallback`). */
export function failureText(result: { status: number; answer: AnswerEnvelope }, fallback: string): string {
  const error = (result.answer as { error?: unknown }).error;
  return result.status === 429 && typeof error === 'string' ? error : fallback;
}

/** Reads the one-time token from `#token=` (or `?token=`) and removes it from the address bar and history entry. */
export function takeTokenFromAddress(): string | undefined {
  const { hash, search, pathname } = window.location;
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? new URLSearchParams(search).get('token');
  if (!token) return undefined;
  const query = new URLSearchParams(search);
  query.delete('token');
  const rest = query.toString();
  window.history.replaceState(window.history.state, '', pathname + (rest ? `?${rest}` : ''));
  return token;
}
