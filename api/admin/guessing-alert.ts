/**
 * Codes being guessed: whoever sends them passed the password step, so the owner's password is
 * known to someone. The first lockout of a day opens the incident: one e-mail to the storefront's
 * support address through the outbox (the backup alert's way). The lockout count is taken in one
 * atomic step per filled window, so only one instance sees the first and sends it. The dashboard
 * reads the same count (docs/spec.md#second-factor).
 */
import { enqueueMailIn } from '../../data/outbox';
import { readStorefrontValues } from '../../data/storefront-values';
import type { AppContext } from '../context';

function alertText(lockouts: number, at: string, timeZone: string): string {
  const when = new Date(at).toLocaleString('en-GB', { timeZone, timeZoneName: 'short' });
  return [
    'Someone is guessing the second-factor codes of the shop’s admin account.',
    '',
    `At ${when} ten wrong codes in 15 minutes locked the code step (lockout ${lockouts} today).`,
    'Codes are asked only after the right password: change the admin password now (npm run admin:password),',
    'and look at the Activity tab for the addresses of the refused sign-ins.',
    '',
    'Each further round of guesses locks the code step longer (up to 4 hours). This e-mail is sent once a day at most.',
  ].join('\n');
}

/** After a lockout of the code step: tells the owner on the day's first one; true when it queued the e-mail. */
export async function alertCodeGuessing(ctx: AppContext, lockouts: number): Promise<boolean> {
  if (lockouts !== 1) return false;
  const to = (await readStorefrontValues(ctx.db)).contacts.support_email.trim();
  if (to === '') return false;
  const at = ctx.now().toISOString();
  await ctx.db.transaction((tx) =>
    enqueueMailIn(
      tx,
      {
        kind: 'security',
        to_address: to,
        subject: 'Admin sign-in codes are being guessed',
        body: alertText(lockouts, at, ctx.config.timeZone),
      },
      at,
    ),
  );
  return true;
}
