import type { Store } from '../data/store';
import type { Config } from './config';
import type { Logger } from './logger';

/** What every handler module is built with: set up once in createApp. */
export type AppContext = {
  config: Config;
  /** The database, through the store interface (embedded sql.js or PostgreSQL). */
  db: Store;
  log: Logger;
  /** The clock, injectable for tests. */
  now: () => Date;
  /** Closed by createApp's close(), in reverse order of registration. */
  onClose: (cleanup: () => Promise<void> | void) => void;
};
