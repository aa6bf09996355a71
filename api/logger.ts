import type { LogLevel } from './config';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = {
  /** Whether lines of this level are written: callers skip building lines nobody reads. */
  enabled(level: LogLevel): boolean;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string, error?: unknown): void;
  error(message: string, error?: unknown): void;
};

/** Plain lines on stdout/stderr: systemd's journal adds the time and keeps them. */
export function createLogger(level: LogLevel): Logger {
  const enabled = (wanted: LogLevel): boolean => ORDER[wanted] >= ORDER[level];
  return {
    enabled,
    debug: (message) => enabled('debug') && console.log(message),
    info: (message) => enabled('info') && console.log(message),
    warn: (message, error) => enabled('warn') && console.warn(message, ...(error === undefined ? [] : [error])),
    error: (message, error) => enabled('error') && console.error(message, ...(error === undefined ? [] : [error])),
  } as Logger;
}

const LICENSE_KEY_IN_PATH = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-z]{5}(?:-[0-9a-z]{5}){3}/gi;

/** A request path fit for the log: licence keys (the download call carries one) are masked. */
export function loggablePath(path: string): string {
  return path.slice(0, 200).replace(LICENSE_KEY_IN_PATH, (key) => `${key.slice(0, 4)}…`);
}
