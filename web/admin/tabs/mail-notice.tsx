import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { formatNumber } from '../format';
import { store } from '../state/store';

/**
 * Says when e-mail cannot go out: without SMTP_URL messages wait in the outbox. On the dashboard
 * it shows only while something waits; in the Orders tab (`always`) whenever mail is not configured.
 */
export function MailNotice({ always = false }: { always?: boolean }): ReactElement | null {
  const { orderStats } = useSnapshot(store);
  if (!orderStats || orderStats.mail_configured) return null;
  const waiting = orderStats.mail_waiting;
  if (!always && waiting === 0) return null;
  return (
    <p className="notice notice-warning" role="status" data-mail-notice="">
      <strong>E-mail is not configured.</strong> Licences and reminders are not e-mailed until <code>SMTP_URL</code> and{' '}
      <code>MAIL_FROM</code> are set (see the README, "Orders and e-mail").
      {waiting > 0
        ? ` ${waiting === 1 ? '1 message waits' : `${formatNumber(waiting)} messages wait`} in the outbox.`
        : ''}
    </p>
  );
}
