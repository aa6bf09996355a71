/**
 * The buyer's calls, same-origin so the `loop_buyer` cookie goes along. Nothing here is stored:
 * not in the service worker (it leaves /api/ to the network) nor in IndexedDB, so a shared phone
 * never shows someone else's licence offline (docs/spec.md#buyer-account).
 */
import type { AnswerEnvelope, AnswerTo, BodyTo, CallSpec, PathTo } from '../../contract/call';
import { fetchJson, toAnswer } from '../json-call';

/** The network failed or the answer was not JSON: the page says "offline or the server is busy". */
export class NetworkError extends Error {}

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
  let response: Response;
  let value: unknown;
  try {
    response = await fetchJson(method, path, body, { cache: 'no-store' });
    value = JSON.parse(await response.text());
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }
  if (value === null || typeof value !== 'object') throw new NetworkError('Unexpected answer');
  const answer = toAnswer<Call>(response.status, value);
  const retry = Number(response.headers.get('retry-after'));
  return { status: response.status, retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined, answer };
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
