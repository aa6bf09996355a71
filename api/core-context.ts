import type { Store } from '../data/store';
import type { LimiterFactory } from './shared/limiter';
import type { ServerConfig } from './config';
import type { Logger } from './logger';

/** What every feature is set up with, once, in createApp. */
export type CoreContext = {
  config: ServerConfig;
  /** The database, through the store interface (embedded sql.js or PostgreSQL). */
  db: Store;
  log: Logger;
  /** The clock, injectable for tests. */
  now: () => Date;
  /** Closed by createApp's close(), in reverse order of registration. */
  onClose: (cleanup: () => Promise<void> | void) => void;
  /** Limits per key: in memory, or in the database when instances share it. */
  limiters: LimiterFactory;
};
