/**
 * Codes being guessed: whoever sends them passed the password step, so the owner's password is
 * known to someone. The first lockout of a day opens the incident: one e-mail to the owner
 * (api/shared/owner-alert.ts). The lockouts are counted in a day-long window every instance shares,
 * one atomic step per filled window, so only one instance sees the first and sends it. The
 * dashboard reads the same count (docs/spec.md#second-factor).
 */
import { queueOwnerAlert } from '../shared/owner-alert';
import type { AppContext } from '../context';
import { formatDateTimeForPeople } from '../../contract/rules/shop-time';

/** The alert, in Indonesian like every e-mail of the shop, its time in the shop's zone (one format). */
export function codeGuessingMail(lockouts: number, at: string, timeZone: string): { subject: string; body: string } {
  const when = formatDateTimeForPeople(at, timeZone, 'id');
  return {
    subject: 'Kode masuk admin sedang ditebak',
    body: [
      'Halo,',
      '',
      'Seseorang sedang menebak kode verifikasi dua langkah akun admin toko.',
      '',
      `Pada ${when} sepuluh kode salah dalam 15 menit mengunci langkah kode (penguncian ke-${lockouts} hari ini).`,
      'Kode hanya diminta setelah kata sandi yang benar: ganti kata sandi admin sekarang (npm run admin:password),',
      'lalu lihat tab Activity untuk alamat dari percobaan masuk yang ditolak.',
      '',
      'Setiap putaran tebakan berikutnya mengunci langkah kode lebih lama (sampai 4 jam). E-mail ini dikirim paling banyak sekali sehari.',
    ].join('\n'),
  };
}

/** After a lockout of the code step: tells the owner on the day's first one; true when it queued the e-mail. */
export async function alertCodeGuessing(ctx: AppContext, lockouts: number): Promise<boolean> {
  if (lockouts !== 1) return false;
  return queueOwnerAlert(ctx, 'security', (at) => codeGuessingMail(lockouts, at, ctx.config.timeZone));
}
