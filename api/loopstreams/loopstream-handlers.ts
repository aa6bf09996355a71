/** The admin's LoopStream access records (SPEC §7): list, create, download the access file, delete. */
import * as calls from '../../contract/loopstreams';
import { configValues } from '../../data/configs';
import { createLoopstream, deleteLoopstream, findLoopstream, listLoopstreams } from '../../data/loopstreams';
import { parseDateTime } from '../common/date-time';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { HANDLED, idParam } from '../http/api-request';
import { checkedBody } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import { sendTextDownload } from '../http/text-download';
import { LOOPSTREAM_PASSWORD_KEY, LOOPSTREAM_USERNAME_KEY } from '../messages/message-settings';
import { loopstreamFile } from './loopstream-file';
import { normalizeServerAddress } from './server-address';

const notFound = (): HttpError => new HttpError(404, 'Loopstream not found');

export async function list(_req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.listLoopstreams>> {
  return { success: true, loopstreams: await listLoopstreams(ctx.db) };
}

export async function create(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.createLoopstream>> {
  const body = await checkedBody(req, calls.createLoopstream);
  const loopstream = await createLoopstream(
    ctx.db,
    {
      package_type: body.package_type || 'Paket 1',
      customer_name: body.customer_name,
      ip_server: normalizeServerAddress(body.ip_server),
      expired_date: parseDateTime(body.expired_date, 'expired_date'),
    },
    ctx.now().toISOString(),
  );
  return { success: true, message: 'Loopstream created successfully!', loopstream };
}

export async function download(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.downloadLoopstream>> {
  const row = await findLoopstream(ctx.db, idParam(req));
  if (!row) throw notFound();
  const settings = await configValues(ctx.db, [LOOPSTREAM_USERNAME_KEY, LOOPSTREAM_PASSWORD_KEY]);
  const username = settings.get(LOOPSTREAM_USERNAME_KEY)?.trim();
  const password = settings.get(LOOPSTREAM_PASSWORD_KEY)?.trim();
  if (!username || !password) {
    throw new HttpError(
      409,
      `Default LoopStream credentials are not set: use "Initialize defaults" in Settings or set ${LOOPSTREAM_USERNAME_KEY} and ${LOOPSTREAM_PASSWORD_KEY}`,
    );
  }
  const file = loopstreamFile(row, { username, password });
  sendTextDownload(req, file.fileName, file.text);
  return HANDLED;
}

export async function remove(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.deleteLoopstream>> {
  if (!(await deleteLoopstream(ctx.db, idParam(req)))) throw notFound();
  return { success: true, message: 'Loopstream deleted successfully!' };
}
