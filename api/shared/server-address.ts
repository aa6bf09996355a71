import { isIPv4, isIPv6 } from 'node:net';
import { LOOPSTREAM_PORT } from '../../contract/rules/products';
import { HttpError } from '../http/http-error';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const PORT = /^[1-9][0-9]{0,4}$/;

function invalid(): HttpError {
  return new HttpError(
    400,
    'ip_server must be an IPv4 or IPv6 address or a host name, optionally with :port (no http://, no path)',
  );
}

function isHostName(host: string): boolean {
  if (host.length > 253) return false;
  const labels = host.split('.');
  // An all-digit last label is a mistyped IPv4 address (300.1.1.1), not a name.
  if (/^[0-9]+$/.test(labels.at(-1) ?? '')) return false;
  return labels.every((label) => LABEL.test(label));
}

function readPort(text: string | undefined): number {
  if (text === undefined) return LOOPSTREAM_PORT;
  const port = PORT.test(text) ? Number(text) : 0;
  if (port < 1 || port > 65535) throw new HttpError(400, 'ip_server port must be a number from 1 to 65535');
  return port;
}

/**
 * `host` or `host:port` as stored and shown: `203.0.113.7:5000`, `stream.example.com:5000`,
 * `[2001:db8::1]:5000`. Anything else (a scheme, a path, spaces, user info) is refused.
 */
export function normalizeServerAddress(input: string): string {
  const text = input.trim().toLowerCase();
  if (text.length === 0 || text.length > 300) throw invalid();
  const bracketed = /^\[([0-9a-f:.]+)\](?::([0-9]+))?$/.exec(text);
  if (bracketed) {
    if (!isIPv6(bracketed[1]!)) throw invalid();
    return `[${bracketed[1]}]:${readPort(bracketed[2])}`;
  }
  if (isIPv6(text) && !text.includes('%')) return `[${text}]:${LOOPSTREAM_PORT}`;
  const colon = text.lastIndexOf(':');
  const host = colon === -1 ? text : text.slice(0, colon);
  const port = colon === -1 ? undefined : text.slice(colon + 1);
  if ((port !== undefined && !/^[0-9]+$/.test(port)) || (!isIPv4(host) && !isHostName(host))) throw invalid();
  return `${host}:${readPort(port)}`;
}

/** A stored address as customers read it, always with its port: records from before normalisation may have none. */
export function shownServerAddress(stored: string): string {
  try {
    return normalizeServerAddress(stored);
  } catch {
    return stored;
  }
}

/** The address customers open: `http://host:port`. */
export function serverUrl(ipServer: string): string {
  return `http://${shownServerAddress(ipServer)}`;
}
