/** What the desktop app's calls share: the signing key, the limits and the last-seen recorder. */
import type { CoreContext } from '../core-context';
import { COUNT_ALL } from '../../data/licenses/licenses';
import { SeenRecorder } from './license-seen';
import { loadLicenseSigner } from './license-signing';
import type { LicenseSigner } from './license-signing';
import { LicenseThrottle } from './license-throttle';

export type LicenseApi = { signer: LicenseSigner; throttle: LicenseThrottle; seen: SeenRecorder };

export async function setupLicenseApi(ctx: CoreContext): Promise<LicenseApi> {
  const { db, config } = ctx;
  const signer = await loadLicenseSigner(
    config.license.signingKeyPem,
    config.dataDir,
    db.shared ? db : undefined,
    async () => Number((await db.get<{ n: number }>(COUNT_ALL))?.n ?? 0) > 0,
  );
  const throttle = new LicenseThrottle(config.license, () => ctx.now().getTime(), {
    limiters: ctx.limiters,
    shared: db.shared,
  });
  const seen = new SeenRecorder(db, ctx.log, config.timeZone);
  ctx.onClose(() => seen.close());
  return { signer, throttle, seen };
}
