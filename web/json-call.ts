/**
 * What the admin's and the buyer's JSON calls share: the typed call, the request (JSON in and out,
 * the session cookie along) and how a parsed body becomes the contract's answer. Each client turns
 * NoJsonAnswer into its own error.
 */
import type { AnswerEnvelope, AnswerTo, BodyTo, CallSpec, PathTo } from '../contract/calls/call';

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

/** The body as the contract's answer, or undefined when it is not a JSON object. */
export function answerOf<Call extends CallSpec>(status: number, text: string): AnswerTo<Call> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? toAnswer<Call>(status, value)
    : undefined;
}

/** The call produced no JSON object: the network failed (`status` undefined), or the body was something else. */
export class NoJsonAnswer extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type Reply<Call extends CallSpec> = { status: number; headers: Headers; answer: AnswerTo<Call> };

/**
 * One call, typed by its contract: `callJson<typeof extendLicense>('POST', `/api/license/extend/${id}`, { days })`
 * checks the method, the path and the body, and gives the call's answers. Rejects with NoJsonAnswer.
 */
export async function callJson<Call extends CallSpec = CallSpec>(
  method: Call['method'],
  path: PathTo<Call['path']>,
  body?: BodyTo<Call>,
  init: RequestInit = {},
): Promise<Reply<Call>> {
  let response: Response;
  let text: string;
  try {
    response = await fetchJson(method, path, body, init);
    text = await response.text();
  } catch (error) {
    throw new NoJsonAnswer(error instanceof Error ? error.message : String(error));
  }
  const answer = answerOf<Call>(response.status, text);
  if (!answer) throw new NoJsonAnswer(`Unexpected answer from server (HTTP ${response.status})`, response.status);
  return { status: response.status, headers: response.headers, answer };
}
