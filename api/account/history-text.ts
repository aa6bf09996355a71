/**
 * A licence's history as its buyer reads it on /lisensi: the audit events and the reminders sent,
 * in plain Indonesian, newest first. Refusals and rate limits are the shop's business, not the
 * buyer's, and are left out.
 */
import { formatExpiryForCustomers } from '../../contract/rules/shop-time';
import type { LicenseEventRow } from '../../data/licenses/events';

export type HistoryEntry = { at: string; actor: string; text: string };

type EventData = {
  ref_id?: unknown;
  new?: unknown;
  old?: unknown;
  move?: unknown;
  device_name?: unknown;
  trial?: unknown;
  days?: unknown;
};

const quoted = (name: unknown): string => (typeof name === 'string' && name !== '' ? `"${name}"` : 'lama');

function eventText(event: LicenseEventRow, data: EventData, timeZone: string): string | undefined {
  const order = typeof data.ref_id === 'string' ? ` ${data.ref_id}` : '';
  const until = typeof data.new === 'string' ? formatExpiryForCustomers(data.new, timeZone) : '';
  switch (event.type) {
    case 'issued':
      if (data.trial === true)
        return `Uji coba gratis ${typeof data.days === 'number' ? `${data.days} hari ` : ''}diterbitkan`;
      return event.actor === 'order' ? `Diterbitkan oleh pesanan${order}` : 'Diterbitkan oleh admin';
    case 'expiry_changed': {
      if (event.actor === 'order') return `Diperpanjang oleh pesanan${order} sampai ${until}`;
      const longer = typeof data.old === 'string' && typeof data.new === 'string' && data.new > data.old;
      return longer ? `Diperpanjang oleh admin sampai ${until}` : `Masa berlaku diubah oleh admin menjadi ${until}`;
    }
    case 'activated':
      return data.move === true
        ? `Dipindahkan ke perangkat baru ${quoted(data.device_name)}`
        : `Diaktifkan di perangkat ${quoted(data.device_name)}`;
    case 'deactivated':
      return `Dilepas dari perangkat ${quoted(data.device_name)} lewat aplikasi`;
    case 'admin_unbound':
      return `Perangkat ${quoted(data.device_name)} dilepas oleh admin`;
    case 'device_released':
      return `Perangkat ${quoted(data.device_name)} dilepas oleh Anda`;
    case 'suspended':
      return 'Dinonaktifkan oleh admin';
    case 'mail_resent':
      return 'E-mail lisensi dikirim ulang';
    case 'downloaded':
      return 'File lisensi diunduh';
    case 'key_revealed':
      return 'Kunci lisensi ditampilkan';
    default:
      return undefined;
  }
}

function parse(data: string | null): EventData {
  try {
    const value: unknown = data === null ? {} : JSON.parse(data);
    return value && typeof value === 'object' ? (value as EventData) : {};
  } catch {
    return {};
  }
}

export function licenseHistory(
  events: readonly LicenseEventRow[],
  reminders: readonly string[],
  timeZone: string,
): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const event of events) {
    const text = eventText(event, parse(event.data), timeZone);
    if (text !== undefined) entries.push({ at: event.at, actor: event.actor, text });
  }
  for (const at of reminders) entries.push({ at, actor: 'system', text: 'Pengingat perpanjangan dikirim' });
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
