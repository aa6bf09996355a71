/**
 * `POST /api/webhooks/lynk`: Lynk.id says a payment succeeded. Nothing is stored unless the
 * merchant key is configured and the delivery's signature is right; the order is then recorded
 * (once per payment, however often it is delivered) and fulfilled.
 */
import type * as calls from '../../contract/calls/webhooks';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { clientNetwork } from '../http/client-ip';
import { HttpError } from '../http/http-error';
import { readJson } from '../http/read-body';
import { countRefusedReplay, SignatureReusedError } from '../../data/order-signatures';
import { recordPaidOrder } from '../orders';
import { lynkActor } from '../shared/activity-actor';
import { lynkEventName, lynkPaidOrder, lynkSignedFields } from './lynk-payload';
import { isLynkSignatureValid } from './lynk-signature';
import { refusalGuard } from './refusal-guard';

const PAYMENT = 'payment.received';
const TEST = 'test_event';

/**
 * Read before the signature can be checked, by anyone: a paid order's payload is a few KB, so the
 * admin's 1 MB allowance would only let strangers make the server parse a megabyte.
 */
const LYNK_BODY_LIMIT_BYTES = 64 * 1024;

/** Marketplace texts in a log line: quoted, cut short, no line breaks of their own. */
const loggable = (text: string): string => JSON.stringify(text.slice(0, 64));

export async function lynk(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.lynkWebhook>> {
  const merchantKey = ctx.config.lynkMerchantKey;
  // Never accept a payment that cannot be verified: Lynk retries, so nothing is lost once the key is set.
  if (!merchantKey) throw new HttpError(503, 'The Lynk.id webhook is not configured (LYNK_MERCHANT_KEY is not set)');
  const guard = refusalGuard(ctx);
  try {
    const wait = await guard.blockedFor(clientNetwork(req.ip));
    if (wait > 0)
      throw new HttpError(429, 'Too many refused deliveries from this address; try again later', {
        'Retry-After': String(wait),
      });
    return await delivery(req, ctx, merchantKey);
  } catch (error) {
    // Counted and summed up once a minute (refusal-guard.ts), never a log line per delivery.
    if (error instanceof HttpError && error.status >= 400 && error.status < 500)
      await guard.refused(clientNetwork(req.ip), error.status);
    throw error;
  }
}

async function delivery(
  req: ApiRequest,
  ctx: AppContext,
  merchantKey: string,
): Promise<AnswerFor<typeof calls.lynkWebhook>> {
  const body = await readJson(req, LYNK_BODY_LIMIT_BYTES);
  const event = lynkEventName(body);
  // The dashboard's "test" delivery is not signed; it stores nothing.
  if (event === TEST) return { success: true };
  if (event !== PAYMENT) {
    ctx.log.info(`lynk webhook: event ${loggable(event)} ignored`);
    return { success: true };
  }
  const signed = lynkSignedFields(body);
  const header = req.headers['x-lynk-signature'];
  if (!isLynkSignatureValid(typeof header === 'string' ? header : undefined, signed, merchantKey))
    throw new HttpError(401, 'Invalid signature');
  const order = await recordPaidOrder(ctx, lynkPaidOrder(body, signed), lynkActor(req)).catch(
    async (error: unknown) => {
      if (!(error instanceof SignatureReusedError)) throw error;
      // Another split of a payment's signed ids: a captured delivery replayed as a new payment.
      await countRefusedReplay(ctx.db, error.orderId);
      throw new HttpError(409, 'This signed delivery was already used for another payment');
    },
  );
  return { success: true, order_id: order.id, status: order.status, ...(order.created ? {} : { duplicate: true }) };
}
