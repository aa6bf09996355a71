/**
 * One JSON request to a payment gateway: a hung or unreachable gateway, or an answer that is not
 * a JSON object, becomes a typed failure instead of an exception, so a checkout can tell the buyer
 * and the owner what happened.
 */

export type GatewayFailure = {
  ok: false;
  /** unreachable: no answer; refused: the gateway said no; not-found: no such transaction; bad-answer: unreadable. */
  reason: 'unreachable' | 'refused' | 'not-found' | 'bad-answer';
  /** The HTTP status, when an answer came. */
  status?: number;
  /** For the owner's log: the gateway's own message, never a key. */
  message: string;
};

export type GatewayAnswer = { ok: true; status: number; body: Record<string, unknown> } | GatewayFailure;

/** Long enough for a slow gateway, short enough that a buyer is not left waiting on a dead one. */
export const GATEWAY_TIMEOUT_MS = 15_000;

export async function callGateway(
  url: string,
  init: RequestInit,
  timeoutMs = GATEWAY_TIMEOUT_MS,
): Promise<GatewayAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    return {
      ok: false,
      reason: 'unreachable',
      message: `no answer from ${new URL(url).host}: ${(error as Error).message}`,
    };
  }
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && !Array.isArray(body))
      return { ok: true, status: response.status, body: body as Record<string, unknown> };
  } catch {
    // Not JSON: told below.
  }
  return {
    ok: false,
    reason: 'bad-answer',
    status: response.status,
    message: `HTTP ${response.status}, not a JSON object`,
  };
}

/** A field that must be a non-empty string, or undefined. */
export const stringField = (body: Record<string, unknown>, name: string): string | undefined => {
  const value = body[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * Whole rupiah from a gateway amount: an integer, or a string such as "150000" or "150000.00".
 * Anything with a fraction, a sign or other characters is not an amount this shop charges.
 */
export function wholeRupiah(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string' || !/^\d{1,15}(\.0{1,2})?$/.test(value)) return undefined;
  return Number.parseInt(value, 10);
}
