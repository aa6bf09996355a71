/** The admin's LoopStream access records (docs/spec.md#loopstream-access-records): list and search, create, update, extend, download the access file, delete. */
import * as calls from '../../contract/calls/loopstreams';
import { LOOPSTREAM_SEARCH_MAX_LENGTH } from '../../contract/rules/paging';
import {
  changeLoopstreamExpiry,
  createLoopstream,
  deleteLoopstream,
  findLoopstream,
  listLoopstreams,
  updateLoopstream,
} from '../../data/loopstreams';
import { parseDays } from '../shared/date-time';
import { expiryMove } from '../shared/expiry-change';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { HANDLED, idParam } from '../http/api-request';
import { checkedBody, checkedQuery } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import { readSearch } from '../http/list-query';
import { sendTextDownload } from '../http/text-download';
import { loopstreamFile } from '../shared/loopstream-file';
import { accessCredentials, readLoopstreamFields } from '../shared/loopstream-access';
import { adminActor } from '../shared/activity-actor';
import { recordChangeIn } from '../shared/activity-record';
import { loopstreamCreated, loopstreamDeleted, loopstreamExtended, loopstreamUpdated } from './loopstream-activity';

const notFound = (): HttpError => new HttpError(404, 'Loopstream not found');

export async function list(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.listLoopstreams>> {
  const search = readSearch(checkedQuery(req, calls.listLoopstreams), LOOPSTREAM_SEARCH_MAX_LENGTH);
  return { success: true, loopstreams: await listLoopstreams(ctx.db, search) };
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
