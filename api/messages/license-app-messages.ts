/**
 * What the desktop app shows its user for each licence API answer (docs/spec.md#licence-api-codes):
 * Indonesian, and each refusal says what to do next. The codes are the contract; these words are
 * for people. A refusal the buyer can fix alone names /lisensi, whose address the answer carries
 * in `account_url`.
 */
import type { LicenseCode } from '../../contract/calls/license-answer';
import { formatDateTimeForPeople, formatExpiryForCustomers } from '../../contract/rules/shop-time';

const ACCOUNT = 'halaman Lisensi Saya (tautan di bawah)';

export const APP_MESSAGES = {
  ACTIVATED: 'Lisensi berhasil diaktifkan di perangkat ini.',
  ALREADY_ACTIVATED: 'Lisensi ini sudah aktif di perangkat ini.',
  VALID: 'Lisensi aktif dan berlaku di perangkat ini.',
  DEACTIVATED: 'Lisensi sudah dilepas dari perangkat ini. Anda bisa mengaktifkannya di perangkat lain.',
  NOT_ACTIVATED_DEACTIVATE: 'Lisensi ini belum aktif di perangkat mana pun, jadi tidak ada yang perlu dilepas.',
  NOT_ACTIVATED_VALIDATE:
    'Lisensi ini belum aktif di perangkat mana pun. Masukkan kunci lisensi Anda lagi untuk mengaktifkannya.',
  LICENSE_NOT_FOUND: `Kunci lisensi tidak ditemukan. Periksa kembali kuncinya; kunci Anda ada di e-mail lisensi dan di ${ACCOUNT}.`,
  LICENSE_SUSPENDED: 'Lisensi ini sedang dinonaktifkan oleh toko. Hubungi admin toko untuk bantuan.',
  DEVICE_MISMATCH_VALIDATE: `Lisensi ini sekarang aktif di perangkat lain. Untuk memakainya di sini, lepas perangkat lama di ${ACCOUNT}, lalu aktifkan lagi.`,
  DEVICE_MISMATCH_DEACTIVATE: `Lisensi ini aktif di perangkat lain, bukan di perangkat ini. Perangkat itu bisa dilepas di ${ACCOUNT}.`,
} as const;

/** The key is of the other product: the buyer finds the right one on /lisensi. */
export function productMismatchMessage(keyProduct: string, appProduct: string): string {
  return `Kunci lisensi ini untuk ${keyProduct}, bukan ${appProduct}. Masukkan kunci ${appProduct} Anda; semua kunci Anda ada di ${ACCOUNT}.`;
}

export function expiredMessage(expiredAt: string, zone: string): string {
  return `Lisensi ini sudah berakhir pada ${formatExpiryForCustomers(expiredAt, zone)}. Perpanjang lisensi Anda di ${ACCOUNT}.`;
}

/** Another device holds the key (the commonest: a new laptop, the old one gone). */
export function deviceLimitMessage(deviceName: string | null): string {
  const holder = deviceName ? `perangkat lain ("${deviceName}")` : 'perangkat lain';
  return `Lisensi ini sudah aktif di ${holder}. Lepas perangkat itu di ${ACCOUNT} (bisa walau perangkatnya sudah tidak ada), lalu aktifkan lagi di sini.`;
}

export function transferLimitMessage(maxMoves: number, windowDays: number, againAt: string, zone: string): string {
  return `Lisensi ini sudah ${maxMoves} kali pindah perangkat dalam ${windowDays} hari. Anda bisa memindahkannya lagi mulai ${formatDateTimeForPeople(againAt, zone, 'id')}; lihat ${ACCOUNT}, atau hubungi admin toko bila mendesak.`;
}

export const TRIAL_USED_ON_DEVICE = `Perangkat ini sudah pernah memakai uji coba gratis LoopBOT. Silakan pilih paket berbayar di ${ACCOUNT} untuk melanjutkan.`;

export function rateLimitedMessage(seconds: number): string {
  return `Terlalu banyak permintaan. Coba lagi dalam ${seconds} detik; lisensi Anda tetap bisa dipakai sementara itu.`;
}

/** Refusals the buyer can fix alone on /lisensi: their answers carry `account_url`. */
export const BUYER_CAN_FIX: ReadonlySet<LicenseCode> = new Set<LicenseCode>([
  'LICENSE_NOT_FOUND',
  'PRODUCT_MISMATCH',
  'LICENSE_EXPIRED',
  'DEVICE_MISMATCH',
  'DEVICE_LIMIT_REACHED',
  'TRANSFER_LIMIT_REACHED',
  'TRIAL_ALREADY_USED',
]);
