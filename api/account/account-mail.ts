/** The e-mails of /lisensi, in Indonesian with times in the shop's zone: the one-time sign-in (or trial) link. */
import { formatDateTimeForPeople } from '../../contract/rules/shop-time';
import type { LinkPurpose } from '../../data/buyer-sessions';
import type { MailText } from '../messages/mail-messages';

export function signInLinkMail(purpose: LinkPurpose, link: string, expiresAt: string, timeZone: string): MailText {
  const until = formatDateTimeForPeople(expiresAt, timeZone, 'id');
  const lead =
    purpose === 'trial'
      ? [
          'Halo,',
          '',
          'Anda meminta uji coba gratis LoopBOT. Buka tautan ini untuk menerima kunci lisensi uji coba Anda:',
        ]
      : [
          'Halo,',
          '',
          'Anda meminta masuk ke halaman Lisensi Saya. Buka tautan ini untuk melihat lisensi, perangkat, dan pesanan Anda:',
        ];
  return {
    subject: purpose === 'trial' ? 'Tautan uji coba gratis LoopBOT' : 'Tautan masuk Lisensi Saya',
    body: [
      ...lead,
      link,
      '',
      `Tautan ini hanya bisa dipakai satu kali dan berlaku sampai ${until}.`,
      'Jika Anda tidak memintanya, abaikan e-mail ini: tidak ada yang berubah.',
      '',
    ].join('\n'),
  };
}
