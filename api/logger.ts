import { inspect } from 'node:util';
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

/**
 * Control characters (tab excepted), DEL, C1 and the Unicode line separators: any of them from a
 * request (a header, a field, a path) could forge a log line, rewrite the terminal or hide text.
 */
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r' };

/** `text` with every control character written as an escape (`\x00`, `\n`, `\u2028`). */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (char) => {
    const code = char.charCodeAt(0);
    return NAMED[char] ?? (code > 0xff ? `\\u${code.toString(16)}` : `\\x${code.toString(16).padStart(2, '0')}`);
  });
}

/**
 * An error as util.inspect shows it (stack, cause), each of its lines escaped and every line after
 * the first indented: only the logger starts a line at the left margin.
 */
function describe(error: unknown): string {
  if (typeof error === 'string') return escapeControls(error);
  return inspect(error).split('\n').map(escapeControls).join('\n  ');
}

function line(message: string, error: unknown): string {
  return error === undefined ? escapeControls(message) : `${escapeControls(message)} ${describe(error)}`;
}

/** Plain lines on stdout/stderr: systemd's journal adds the time and keeps them. */
export function createLogger(level: LogLevel): Logger {
  const enabled = (wanted: LogLevel): boolean => ORDER[wanted] >= ORDER[level];
  return {
    enabled,
    debug: (message) => enabled('debug') && console.log(escapeControls(message)),
    info: (message) => enabled('info') && console.log(escapeControls(message)),
    warn: (message, error) => enabled('warn') && console.warn(line(message, error)),
    error: (message, error) => enabled('error') && console.error(line(message, error)),
  } as Logger;
}

const LICENSE_KEY_IN_PATH =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-z]{5}(?:-[0-9a-z]{5}){3}/gi;

/** A request path fit for the log: licence keys (the download call carries one) are masked. */
export function loggablePath(path: string): string {
  return path.slice(0, 200).replace(LICENSE_KEY_IN_PATH, (key) => `${key.slice(0, 4)}…`);
}
