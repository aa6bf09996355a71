import { configValues } from '../../data/configs';
import { createLoopstream, deleteLoopstream, findLoopstream, listLoopstreams } from '../../data/loopstreams';
import type { PackageType } from '../../data/loopstreams';
import { LOOPSTREAM_PASSWORD_KEY, LOOPSTREAM_USERNAME_KEY } from '../settings/config-defaults';
import type { AppContext } from '../context';
import { parseDateTime } from '../common/date-time';
import { HttpError, idParam, optionalString, readJson, requiredString } from '../http/http';
import { readLine } from '../common/admin-input';
import type { Handler } from '../http/http';
import { loopstreamFile } from './loopstream-file';
import { normalizeServerAddress } from './server-address';
import { sendTextDownload } from '../http/text-download';

const PACKAGES: readonly PackageType[] = ['Paket 1', 'Paket 2'];

function readPackage(body: Record<string, unknown>): PackageType {
  const value = optionalString(body, 'package_type', 20) || 'Paket 1';
  const found = PACKAGES.find((name) => name === value);
  if (!found) throw new HttpError(400, 'package_type must be Paket 1 or Paket 2');
  return found;
}

export function loopstreamHandlers(ctx: AppContext): { list: Handler; create: Handler; download: Handler; remove: Handler } {
  const { db } = ctx;

  return {
    async list() {
      return { success: true, loopstreams: await listLoopstreams(db) };
    },

    async create(req) {
      const body = await readJson(req);
      const packageType = readPackage(body);
      const customerName = readLine(body, 'customer_name', 200);
      const ipServer = normalizeServerAddress(requiredString(body, 'ip_server', 300));
      const expiredDate = parseDateTime(body.expired_date, 'expired_date');
      const loopstream = await createLoopstream(
        db,
        { package_type: packageType, customer_name: customerName, ip_server: ipServer, expired_date: expiredDate },
        ctx.now().toISOString(),
      );
      return { success: true, message: 'Loopstream created successfully!', loopstream };
    },

    async download(req) {
      const row = await findLoopstream(db, idParam(req));
      if (!row) throw new HttpError(404, 'Loopstream not found');
      const settings = await configValues(db, [LOOPSTREAM_USERNAME_KEY, LOOPSTREAM_PASSWORD_KEY]);
      const username = settings.get(LOOPSTREAM_USERNAME_KEY)?.trim();
      const password = settings.get(LOOPSTREAM_PASSWORD_KEY)?.trim();
      if (!username || !password) {
        throw new HttpError(
          409,
          `Default LoopStream credentials are not set: use "Initialize defaults" in Settings or set ${LOOPSTREAM_USERNAME_KEY} and ${LOOPSTREAM_PASSWORD_KEY}`,
        );
      }
      const file = loopstreamFile(row, { username, password });
      return sendTextDownload(req, file.fileName, file.text);
    },

    async remove(req) {
      if (!(await deleteLoopstream(db, idParam(req)))) throw new HttpError(404, 'Loopstream not found');
      return { success: true, message: 'Loopstream deleted successfully!' };
    },
  };
}
