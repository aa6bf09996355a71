/** The admin's LoopStream access records (docs/spec.md#loopstream-access-records): list and search, create, update, extend, download the access file, delete. */
import * as calls from '../../contract/calls/loopstreams';
import type * as orderCalls from '../../contract/calls/orders';
import { LOOPSTREAM_SEARCH_MAX_LENGTH } from '../../contract/rules/paging';
import { listPlans } from '../../data/storefront-plans';
import { settingValues } from '../../data/settings';
import {
  changeLoopstreamExpiry,
  createLoopstream,
  deleteLoopstream,
  findLoopstream,
  listLoopstreams,
  updateLoopstream,
} from '../../data/loopstreams';
import type { NewLoopstream } from '../../data/loopstreams';
import type { Sql } from '../../data/store';
import { parseDateTime, parseDays } from '../shared/date-time';
import { expiryMove } from '../shared/expiry-change';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { HANDLED, idParam } from '../http/api-request';
import { checkedBody, checkedQuery } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import { readSearch } from '../http/list-query';
import { sendTextDownload } from '../http/text-download';
import { LOOPSTREAM_PASSWORD_KEY, LOOPSTREAM_USERNAME_KEY } from '../messages/message-settings';
import { loopstreamFile } from '../shared/loopstream-file';
import type { AccessCredentials } from '../shared/loopstream-file';
import { checkPackageType } from '../shared/package-types';
import { normalizeServerAddress } from '../shared/server-address';
import { adminActor } from '../activity/actor';
import { recordChangeIn } from '../activity/record';
import { loopstreamCreated, loopstreamDeleted, loopstreamExtended, loopstreamUpdated } from './loopstream-activity';

type LoopstreamCall =
  typeof calls.createLoopstream | typeof calls.updateLoopstream | typeof orderCalls.setUpOrderLoopstream;

const notFound = (): HttpError => new HttpError(404, 'Loopstream not found');

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

export async function list(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.listLoopstreams>> {
  const search = readSearch(checkedQuery(req, calls.listLoopstreams), LOOPSTREAM_SEARCH_MAX_LENGTH);
  return { success: true, loopstreams: await listLoopstreams(ctx.db, search) };
}

/** The fields create and update share (and a set-up from an order), checked and normalised. */
export async function readLoopstreamFields(
  req: ApiRequest,
  ctx: AppContext,
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

export async function create(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.createLoopstream>> {
  const fields = await readLoopstreamFields(req, ctx, calls.createLoopstream);
  const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
  const loopstream = await createLoopstream(ctx.db, fields, now, (tx, row) =>
    recordChangeIn(tx, by, now, loopstreamCreated(row)),
  );
  return { success: true, message: 'Loopstream created successfully!', loopstream };
}

export async function update(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.updateLoopstream>> {
  const id = idParam(req);
  const fields = await readLoopstreamFields(req, ctx, calls.updateLoopstream);
  const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
  const loopstream = await updateLoopstream(ctx.db, id, fields, async (tx, { before, after }) => {
    const change = loopstreamUpdated(before, after);
    if (change) await recordChangeIn(tx, by, now, change);
  });
  if (!loopstream) throw notFound();
  return { success: true, message: 'Loopstream updated successfully!', loopstream };
}

export async function extend(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.extendLoopstream>> {
  const id = idParam(req);
  const count = parseDays((await checkedBody(req, calls.extendLoopstream)).days);
  const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
  const move = expiryMove(count, 'extend', now);
  const change = await changeLoopstreamExpiry(
    ctx.db,
    id,
    (current) => move.next(current.expired_date),
    (tx, moved) => recordChangeIn(tx, by, now, loopstreamExtended(count, moved, ctx.config.timeZone)),
  );
  if (!change) throw notFound();
  const message = move.message('Loopstream', change.new, ctx.config.timeZone);
  return { success: true, message, loopstream: change.loopstream };
}

export async function download(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.downloadLoopstream>> {
  const row = await findLoopstream(ctx.db, idParam(req));
  if (!row) throw notFound();
  const file = loopstreamFile(row, await accessCredentials(ctx.db), ctx.config.timeZone);
  sendTextDownload(req, file.fileName, file.text);
  return HANDLED;
}

export async function remove(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.deleteLoopstream>> {
  const id = idParam(req);
  const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
  if (!(await deleteLoopstream(ctx.db, id, (tx, row) => recordChangeIn(tx, by, now, loopstreamDeleted(row)))))
    throw notFound();
  return { success: true, message: 'Loopstream deleted successfully!' };
}
