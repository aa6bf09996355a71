/**
 * The shop-wide ceiling on the e-mails a visitor can make the shop send by typing an address:
 * sign-in links and free-trial links, `VISITOR_LINKS_PER_HOUR` of each an hour across every
 * instance (each its own count, so a flood of trial requests never stops buyers signing in). At
 * the ceiling every request of that kind is refused alike, known address or not, so the refusal
 * says nothing about who bought; and the owner hears of it once per incident (a day from the first
 * refusal, per kind: api/shared/owner-alert.ts), and a log line.
 */
import { queueOwnerAlert } from '../shared/owner-alert';
import type { LinkPurpose } from '../../data/buyer-sessions';
import type { CoreContext } from '../core-context';
import { DAY_MS, HOUR_MS } from '../../contract/rules/durations';
import { formatDateTimeForPeople } from '../../contract/rules/shop-time';
import type { MailText } from '../messages/mail-messages';

export type VisitorLinkCeiling = {
  /** Seconds to wait while `purpose`'s links are at the ceiling this hour (telling the owner once), else 0. */
  waitFor: (purpose: LinkPurpose) => Promise<number>;
  /** Counts one link e-mail of `purpose` being sent. */
  count: (purpose: LinkPurpose) => Promise<void>;
};

const WHAT: Record<LinkPurpose, string> = { sign_in: 'tautan masuk Lisensi Saya', trial: 'tautan uji coba gratis' };

/** The owner's alert, in Indonesian like every e-mail of the shop, the time in its zone. */
export function ceilingAlertMail(purpose: LinkPurpose, perHour: number, at: string, timeZone: string): MailText {
  return {
    subject: `Peringatan toko: batas ${WHAT[purpose]} per jam tercapai`,
    body: [
      'Halo,',
      '',
      `Pada ${formatDateTimeForPeople(at, timeZone, 'id')}, toko sudah mengirim ${perHour} ${WHAT[purpose]} dalam satu jam, batas seluruh toko (VISITOR_LINKS_PER_HOUR).`,
      'Permintaan berikutnya dijawab "Terlalu banyak permintaan" sampai jam ini berakhir, untuk semua alamat.',
      '',
      'Biasanya ini tanda ada yang mengisi formulir secara otomatis. E-mail pembayaran tetap dikirim lebih dulu.',
      'Jika pembeli sungguhan ikut tertolak, naikkan VISITOR_LINKS_PER_HOUR (README: Configuration) lalu mulai ulang toko.',
      '',
      'E-mail ini dikirim sekali; peringatan berikutnya paling cepat besok.',
    ].join('\n'),
  };
}

export function setupVisitorLinkCeiling(ctx: CoreContext, queued: () => void): VisitorLinkCeiling {
  const perHour = ctx.config.mail.visitorLinksPerHour;
  const links = ctx.limiters('visitor-links', perHour, HOUR_MS);
  const alerts = ctx.limiters('visitor-links-alert', 1, DAY_MS);

  async function tellOwner(purpose: LinkPurpose): Promise<void> {
    if ((await alerts.hit(purpose)) > 0) return;
    ctx.log.warn(`mail: the shop-wide ceiling of ${perHour} ${purpose} links an hour was reached; refusing more`);
    const mail = (at: string) => ceilingAlertMail(purpose, perHour, at, ctx.config.timeZone);
    if (await queueOwnerAlert(ctx, 'security', mail)) queued();
  }

  return {
    async waitFor(purpose) {
      const wait = await links.blockedFor(purpose);
      if (wait > 0)
        await tellOwner(purpose).catch((error: unknown) => ctx.log.error('mail: the ceiling alert failed', error));
      return wait;
    },
    async count(purpose) {
      await links.hit(purpose);
    },
  };
}
