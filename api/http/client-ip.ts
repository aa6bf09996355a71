import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The socket's address; behind a trusted proxy, the last X-Forwarded-For entry: the one our proxy
 * appended. Earlier entries come from the client and could be anything (a throttling bypass).
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .at(-1)
      ?.trim();
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

export function isSecure(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  return (
    trustProxy &&
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      ?.trim() === 'https'
  );
}

/**
 * The client as per-IP limits count it (docs/spec.md#request-limits): an IPv4 address as it is
 * (a carrier's many phones may share it, so the limits on it are sized for that); an IPv6 address
 * by its /64, the network one subscriber is given, so rotating through it is one client. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) counts as its IPv4 address.
 */
export function clientNetwork(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = ip.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  // An embedded IPv4 tail (::1.2.3.4) is two groups; it only ever sits in the low 64 bits.
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Whether the browser speaks https to the shop: a TLS socket, `X-Forwarded-Proto: https` from a
 * trusted proxy, or a PUBLIC_URL on https. This server speaks plain HTTP only, so an https
 * PUBLIC_URL means a TLS proxy in front and buyers at that address: cookies are Secure and HSTS is
 * sent even when TRUST_PROXY was forgotten (the start warns about that).
 */
export function browserSeesHttps(req: IncomingMessage, config: { trustProxy: boolean; publicUrl: string }): boolean {
  return config.publicUrl.startsWith('https:') || isSecure(req, config.trustProxy);
}

/** The start's warning for an https PUBLIC_URL without TRUST_PROXY, or undefined. */
export function trustProxyWarning(config: { trustProxy: boolean; publicUrl: string }): string | undefined {
  if (config.trustProxy || !config.publicUrl.startsWith('https:')) return undefined;
  return (
    'TRUST_PROXY is not set although PUBLIC_URL is https: cookies are Secure and HSTS is sent, but every client ' +
    "counts as the proxy's address in the sign-in and request limits and the logs. Set TRUST_PROXY=1 behind " +
    'nginx or Caddy (see README, Production).'
  );
}
