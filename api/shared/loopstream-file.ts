import type { LoopstreamRow } from '../../data/loopstreams';
import { DEFAULT_TIME_ZONE, formatExpiryForCustomers } from '../../contract/rules/shop-time';
import { serverUrl } from './server-address';

export type AccessCredentials = { username: string; password: string };

/**
 * A file name any system accepts, from the customer's name: accents folded to ASCII, everything
 * but letters, digits, dot, dash and underscore turned into `_`, at most 80 characters.
 */
export function safeFileName(name: string, fallback = 'loopstream'): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const safe = ascii
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 80)
    .replace(/[._-]+$/, '');
  if (safe === '') return fallback;
  // Windows refuses these device names as files, whatever the extension.
  return /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i.test(safe) ? `${fallback}_${safe}` : safe;
}

/** The access file a LoopStream customer receives (Indonesian, like every customer-facing text; dates in the shop's zone). */
export function loopstreamFile(
  row: LoopstreamRow,
  credentials: AccessCredentials,
  timeZone = DEFAULT_TIME_ZONE,
): { fileName: string; text: string } {
  const text = [
    'LoopStream - Akses Server',
    '',
    `Pelanggan: ${row.customer_name}`,
    `Paket: ${row.package_type}`,
    `Alamat server: ${serverUrl(row.ip_server)}`,
    `Berlaku sampai: ${formatExpiryForCustomers(row.expired_date, timeZone)}`,
    '',
    'Login default:',
    `Username: ${credentials.username}`,
    `Password: ${credentials.password}`,
    '',
    'Segera ganti password setelah login pertama. Jangan bagikan data ini kepada orang lain.',
    '',
  ].join('\n');
  return { fileName: `${safeFileName(row.customer_name)}.txt`, text };
}
