import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { MailMessage } from '../../../contract/calls/mail';
import { DataTable } from '../components/data-table';
import { Pager } from '../components/pager';
import { ActionsCell } from '../components/row-actions';
import { RefreshableToolbar } from '../components/refreshable-toolbar';
import { emptyListText } from '../state/paged-list';
import { ShopDate } from '../components/shop-date';
import { formatNumber } from '../format';
import { MESSAGES } from '../messages';
import { filterMail, goToMailPage, loadMail, MAIL_STATUS_LABELS, resendMail, searchMail } from '../state/mail';
import { explainMailError } from '../state/mail-errors';
import { store } from '../state/store';

const COLUMNS = ['To / subject', 'Status', 'Last error', 'When'];
const KIND_LABELS: Record<MailMessage['kind'], string> = {
  license: 'Licence',
  reminder: 'Renewal reminder',
  resend: 'Sent again',
  order: 'Payment received',
  loopstream: 'LoopStream access',
  backup: 'Backup alert',
  sign_in: 'Buyer sign-in link',
  security: 'Security alert',
};

/** The failure in plain words, the server's own answer kept below it. */
function LastError({ error }: { error: string }): ReactElement {
  return (
    <span className="stack">
      <span className="mail-error">{explainMailError(error)}</span>
      <code className="cell-sub mail-error-detail">{error}</code>
    </span>
  );
}

function When({ message }: { message: MailMessage }): ReactElement {
  if (message.sent_at)
    return (
      <span>
        Sent <ShopDate value={message.sent_at} />
      </span>
    );
  if (message.status === 'queued' && message.attempts > 0)
    return (
      <span>
        Next try <ShopDate value={message.next_attempt_at} />
      </span>
    );
  return (
    <span>
      Queued <ShopDate value={message.created_at} />
    </span>
  );
}

function MailRow({ message }: { message: MailMessage }): ReactElement {
  const hidden = <span className="visually-hidden"> to {message.to}</span>;
  return (
    <tr data-mail-id={message.id}>
      <td data-label="E-mail" className="cell-wrap">
        <div className="stack">
          <strong>{message.to}</strong>
          <span className="cell-sub">
            {KIND_LABELS[message.kind]}: {message.subject}
          </span>
          <details className="mail-text">
            <summary>Text{hidden}</summary>
            <pre>{message.text}</pre>
          </details>
        </div>
      </td>
      <td data-label="Status">
        <div className="stack">
          <span className={`badge badge-mail-${message.status}`}>{MAIL_STATUS_LABELS[message.status]}</span>
          <span className="cell-sub">{message.attempts === 1 ? '1 attempt' : `${message.attempts} attempts`}</span>
        </div>
      </td>
      <td data-label="Last error" className="cell-wrap">
        {message.last_error ? <LastError error={message.last_error} /> : <span className="muted">—</span>}
      </td>
      <td data-label="When" className="cell-sub">
        <When message={message} />
      </td>
      <ActionsCell
        subject={`to ${message.to}`}
        actions={[
          {
            label: message.status === 'queued' ? 'Send now' : 'Resend',
            onClick: () => resendMail(message),
            shown: message.status !== 'sending',
          },
        ]}
      />
    </tr>
  );
}

export function MailView(): ReactElement {
  const { mail } = useSnapshot(store);
  const summary = mail.total === 1 ? '1 message' : `${formatNumber(mail.total)} messages`;
  return (
    <>
      <RefreshableToolbar
        list={mail}
        search={{ label: 'Search e-mail', placeholder: 'Search address or subject…', onChange: searchMail }}
        filter={{ label: 'Mail status', allLabel: 'All messages', labels: MAIL_STATUS_LABELS, onChange: filterMail }}
        onRefresh={() => void loadMail()}
      />
      <DataTable
        label="Outbox"
        columns={COLUMNS}
        busy={mail.loading}
        empty={emptyListText(mail, {
          none: 'No e-mail yet.',
          noMatch: 'No messages match.',
          failed: MESSAGES.outboxLoadFailed,
        })}
      >
        {mail.rows.map((message) => (
          <MailRow key={message.id} message={message} />
        ))}
      </DataTable>
      <Pager page={mail.page} pages={mail.pages} label="Outbox pages" onPage={goToMailPage} summary={summary} />
    </>
  );
}
