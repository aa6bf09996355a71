import type { BuyerServices } from './account/buyer-services';
import type { AdminSessions } from './admin/admin-sessions';
import type { BackupService } from './backups/backup-setup';
import type { CoreContext } from './core-context';
import type { Metrics } from './health/metrics';
import type { ImageServices } from './images/image-services';
import type { LicenseApi } from './license-api/license-api-setup';
import type { MailService } from './mail/mail-setup';
import type { PromptServices } from './prompts/prompt-services';
import type { StorefrontPublisher } from './storefront/storefront-publisher';

/** What handlers receive beside the request: the core, and what each feature set up for itself. */
export type AppContext = CoreContext & {
  adminSessions: AdminSessions;
  licenseApi: LicenseApi;
  images: ImageServices;
  prompts: PromptServices;
  storefront: StorefrontPublisher;
  mail: MailService;
  /** Undefined unless METRICS_TOKEN is set: then nothing is counted. */
  metrics: Metrics | undefined;
  backups: BackupService;
  buyers: BuyerServices;
};
