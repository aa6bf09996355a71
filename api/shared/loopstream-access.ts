/**
 * What a LoopStream access record needs wherever one is made (the admin's LoopStream tab, an order's
 * set-up, the buyer's download): the default login its file carries, and its fields read from a request.
 */
import type * as loopstreamCalls from '../../contract/calls/loopstreams';
import type * as orderCalls from '../../contract/calls/orders';
import type { NewLoopstream } from '../../data/loopstreams';
import { settingValues } from '../../data/settings';
import type { Sql } from '../../data/store';
import { listPlans } from '../../data/storefront-plans';
import type { ApiRequest } from '../http/api-request';
import { checkedBody } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import { LOOPSTREAM_PASSWORD_KEY, LOOPSTREAM_USERNAME_KEY } from '../messages/message-settings';
import { parseDateTime } from './date-time';
import type { AccessCredentials } from './loopstream-file';
import { checkPackageType } from './package-types';
import { normalizeServerAddress } from './server-address';

type LoopstreamCall =
  | typeof loopstreamCalls.createLoopstream
  | typeof loopstreamCalls.updateLoopstream
  | typeof orderCalls.setUpOrderLoopstream;

/** The default login an access file carries; undefined until Settings has it. */
export async function readAccessCredentials(db: Sql): Promise<AccessCredentials | undefined> {
  const settings = await settingValues(db, [LOOPSTREAM_USERNAME_KEY, LOOPSTREAM_PASSWORD_KEY]);
  const username = settings.get(LOOPSTREAM_USERNAME_KEY)?.trim();
  const password = settings.get(LOOPSTREAM_PASSWORD_KEY)?.trim();
  return username && password ? { username, password } : undefined;
}

/** The default login an access file carries; 409 (telling the owner what to set) until Settings has it. */
export async function accessCredentials(db: Sql): Promise<AccessCredentials> {
  const credentials = await readAccessCredentials(db);
  if (!credentials) {
    throw new HttpError(
      409,
      `Default LoopStream credentials are not set: use "Initialize defaults" in Settings or set ${LOOPSTREAM_USERNAME_KEY} and ${LOOPSTREAM_PASSWORD_KEY}`,
    );
  }
  return credentials;
}

/** The fields create and update share (and a set-up from an order), checked and normalised. */
export async function readLoopstreamFields(
  req: ApiRequest,
  ctx: { db: Sql },
  call: LoopstreamCall,
): Promise<NewLoopstream> {
  const body = await checkedBody(req, call);
  return {
    package_type: checkPackageType(body.package_type, await listPlans(ctx.db)),
    customer_name: body.customer_name,
    ip_server: normalizeServerAddress(body.ip_server),
    expired_date: parseDateTime(body.expired_date, 'expired_date'),
    buyer_email:
      body.buyer_email === undefined ? undefined : body.buyer_email.trim() === '' ? null : body.buyer_email.trim(),
  };
}
