import { resolve } from 'node:path';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../contract/rules/shop-time';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** The server's environment (PORT, DATA_DIR, DATABASE_URL...), read once at start by loadConfig. */
export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://...`: PostgreSQL instead of the embedded database in dataDir. */
  databaseUrl: string | undefined;
  /** Folder of the built browser files and prerendered pages. */
  publicDir: string;
  /**
   * The shop's own address as buyers reach it (`PUBLIC_URL`, e.g. `https://loopbot.id`): origin only, no trailing
   * slash. Canonical links, sitemap, e-mail links, licence-text fallbacks and the passkey relying party use it.
   * Default `http://localhost:<PORT>`.
   */
  publicUrl: string;
  trustProxy: boolean;
  adminUsername: string;
  adminPassword: string | undefined;
  loginMaxFailures: number;
  sessionIdleHours: number;
  sessionMaxDays: number;
  logLevel: LogLevel;
  /** The shop's time zone (IANA name): every date shown to a person is in it. */
  timeZone: string;
  /** Storage: a snapshot (and journal trim) after this many journaled transactions. */
  snapshotEveryEntries: number;
  /** Orders and e-mail: the outbox's SMTP server and sender, the renewal reminder scan. */
  mail: {
    /** `smtp://user:pass@host:587` or `smtps://...:465`; unset: messages stay queued. */
    smtpUrl: string | undefined;
    /** The From of every message: `LoopBOT <admin@example.com>`. */
    from: string | undefined;
    /** First retry after a failed attempt; each next one waits twice as long (at most an hour). */
    retryBaseS: number;
    reminderScanIntervalS: number;
    /** Sign-in links, and trial links, the whole shop e-mails an hour (each kind its own count). */
    visitorLinksPerHour: number;
  };
  /** Lynk.id merchant key: signs the payment webhooks; unset: every delivery is refused. */
  lynkMerchantKey: string | undefined;
  /** `/metrics` answers only with `Authorization: Bearer <this>`; unset: `/metrics` is not served (404). */
  metricsToken: string | undefined;
  /** Scheduled backups (api/backups/): off while `dir` is undefined. */
  backup: { dir: string | undefined; everyHours: number; keep: number };
  /** Licence API (desktop app) limits. */
  license: {
    signingKeyPem: string | undefined;
    maxMoves: number;
    ratePerIpPerMin: number;
    activatePerHour: number;
    deactivatePerHour: number;
    validatePerHour: number;
    unknownKeyLimit: number;
  };
};

export type Problems = string[];

function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: Problems,
): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${text}")`);
    return fallback;
  }
  return value;
}

export function flag(env: NodeJS.ProcessEnv, name: string, problems: Problems): boolean {
  const text = (env[name] ?? '').toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(text)) return false;
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  problems.push(`${name} must be 1 or 0 (got "${env[name]}")`);
  return false;
}

function timeZone(env: NodeJS.ProcessEnv, problems: Problems): string {
  const zone = env.TIME_ZONE?.trim() || DEFAULT_TIME_ZONE;
  if (!isTimeZone(zone))
    problems.push(`TIME_ZONE must be a time zone name such as Asia/Jakarta (got "${env.TIME_ZONE}")`);
  return zone;
}

function mailConfig(env: NodeJS.ProcessEnv, problems: Problems): ServerConfig['mail'] {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  const from = env.MAIL_FROM?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/i.test(smtpUrl)) problems.push('SMTP_URL must be an smtp:// or smtps:// URL');
  if (smtpUrl && !from) problems.push('MAIL_FROM is required with SMTP_URL (e.g. "LoopBOT <admin@example.com>")');
  if (from && !/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(from))
    problems.push('MAIL_FROM must be an e-mail address, optionally as "Name <address>"');
  return {
    smtpUrl,
    from,
    retryBaseS: integer(env, 'MAIL_RETRY_BASE_S', 30, 1, 3600, problems),
    reminderScanIntervalS: integer(env, 'REMINDER_SCAN_INTERVAL_S', 600, 1, 86_400, problems),
    visitorLinksPerHour: integer(env, 'VISITOR_LINKS_PER_HOUR', 300, 1, 1_000_000, problems),
  };
}

/** PUBLIC_URL as the server reads it; the build renders its pages with the same address. */
export function readPublicUrl(env: NodeJS.ProcessEnv, problems: Problems = []): string {
  const port = integer(env, 'PORT', 3000, 0, 65535, []);
  const fallback = port === 0 || port === 80 ? 'http://localhost' : `http://localhost:${port}`;
  const text = env.PUBLIC_URL?.trim();
  if (!text) return fallback;
  const problem = `PUBLIC_URL must be the shop's address as buyers open it, http:// or https:// with a host and no path, query or user (e.g. https://loopbot.id; got "${env.PUBLIC_URL}")`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    problems.push(problem);
    return fallback;
  }
  // An origin only: a path, query or user would be copied into every link built from it.
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && !/[?#]/.test(text);
  if (!['http:', 'https:'].includes(url.protocol) || !url.hostname || url.username || url.password || !bare) {
    problems.push(problem);
    return fallback;
  }
  return url.origin;
}

function backupConfig(env: NodeJS.ProcessEnv, problems: Problems): ServerConfig['backup'] {
  const dir = env.BACKUP_DIR?.trim() || undefined;
  const hoursText = env.BACKUP_EVERY_HOURS?.trim() || '';
  let everyHours = 24;
  if (hoursText !== '') {
    everyHours = Number(hoursText);
    // Fractions are allowed (0.001 h = 3.6 s, for tests); a year is the most that makes sense.
    if (!Number.isFinite(everyHours) || everyHours < 0.0002 || everyHours > 8760) {
      problems.push(
        `BACKUP_EVERY_HOURS must be a number of hours from 0.0002 to 8760, fractions allowed (got "${env.BACKUP_EVERY_HOURS}")`,
      );
      everyHours = 24;
    }
  }
  return {
    dir: dir ? resolve(dir) : undefined,
    everyHours,
    keep: integer(env, 'BACKUP_KEEP', 14, 1, 10_000, problems),
  };
}

function metricsToken(env: NodeJS.ProcessEnv, problems: Problems): string | undefined {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  // A bearer token guessable in a few tries would open the shop's figures to anyone.
  if (token !== undefined && (token.length < 16 || !/^[\x21-\x7e]+$/.test(token))) {
    problems.push('METRICS_TOKEN must be at least 16 printable characters without spaces (e.g. openssl rand -hex 24)');
  }
  return token;
}

function databaseUrl(env: NodeJS.ProcessEnv, problems: Problems): string | undefined {
  const text = env.DATABASE_URL?.trim();
  if (!text) return undefined;
  if (!/^postgres(ql)?:\/\/[^\s]+$/i.test(text))
    problems.push('DATABASE_URL must be a postgres:// (or postgresql://) URL');
  return text;
}

/** The shortest admin password accepted, from ADMIN_PASSWORD here or from `npm run admin:password`. */
export const ADMIN_PASSWORD_MIN_LENGTH = 8;

/** Variables that cannot be used: the server names them all in one line and does not start. */
export class InvalidConfigError extends Error {
  constructor(what: string, problems: Problems) {
    super(`Invalid ${what}:\n- ${problems.join('\n- ')}`);
  }
}

/** Reads and validates every environment variable once; throws one error listing all bad ones. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaultPublicDir = resolve('dist/public'),
): ServerConfig {
  const problems: Problems = [];
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel;
  if (!['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of debug, info, warn, error, silent (got "${env.LOG_LEVEL}")`);
  }
  const adminUsername = env.ADMIN_USERNAME?.trim() || 'admin';
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < ADMIN_PASSWORD_MIN_LENGTH)
    problems.push(`ADMIN_PASSWORD must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`);
  const config: ServerConfig = {
    port: integer(env, 'PORT', 3000, 0, 65535, problems),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './var'),
    databaseUrl: databaseUrl(env, problems),
    publicDir: resolve(env.PUBLIC_DIR || defaultPublicDir),
    publicUrl: readPublicUrl(env, problems),
    trustProxy: flag(env, 'TRUST_PROXY', problems),
    adminUsername,
    adminPassword,
    loginMaxFailures: integer(env, 'LOGIN_MAX_FAILURES', 5, 1, 1000, problems),
    sessionIdleHours: integer(env, 'SESSION_IDLE_HOURS', 12, 1, 24 * 30, problems),
    sessionMaxDays: integer(env, 'SESSION_MAX_DAYS', 7, 1, 365, problems),
    logLevel,
    timeZone: timeZone(env, problems),
    snapshotEveryEntries: integer(env, 'SNAPSHOT_EVERY_ENTRIES', 5000, 1, 10_000_000, problems),
    mail: mailConfig(env, problems),
    lynkMerchantKey: env.LYNK_MERCHANT_KEY?.trim() || undefined,
    metricsToken: metricsToken(env, problems),
    backup: backupConfig(env, problems),
    license: {
      signingKeyPem: env.LICENSE_SIGNING_KEY || undefined,
      maxMoves: integer(env, 'LICENSE_MAX_MOVES', 3, 0, 1000, problems),
      ratePerIpPerMin: integer(env, 'LICENSE_RATE_PER_IP_PER_MIN', 60, 1, 10_000_000, problems),
      activatePerHour: integer(env, 'LICENSE_ACTIVATE_PER_HOUR', 10, 1, 10_000_000, problems),
      deactivatePerHour: integer(env, 'LICENSE_DEACTIVATE_PER_HOUR', 5, 1, 10_000_000, problems),
      validatePerHour: integer(env, 'LICENSE_VALIDATE_PER_HOUR', 120, 1, 10_000_000, problems),
      unknownKeyLimit: integer(env, 'LICENSE_UNKNOWN_KEY_LIMIT', 10, 1, 10_000_000, problems),
    },
  };
  if (problems.length > 0) throw new InvalidConfigError('configuration', problems);
  return config;
}
