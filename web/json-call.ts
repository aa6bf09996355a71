/**
 * What the admin's and the buyer's JSON calls share: the request (JSON in and out, the session
 * cookie along) and how a parsed body becomes the contract's answer.
 */
import type { AnswerEnvelope, AnswerTo, CallSpec } from '../contract/call';

/** Sends the call; rejects as fetch does (network failure). `init` adds to the request (`cache`). */
export function fetchJson(method: string, path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    ...init,
  });
}

/**
 * The answer as the contract declares it for this call. It is read, not checked, here: the
 * server's tests check every answer against the same contract. An HTTP error is a failure
 * whatever the body says; a 2xx without the flag counts as success.
 */
export function toAnswer<Call extends CallSpec>(status: number, value: object): AnswerTo<Call> {
  const answer = value as AnswerEnvelope;
  const ok = status >= 200 && status < 300;
  return { ...answer, success: ok && answer.success !== false } as AnswerTo<Call>;
}
