import type { ReactElement } from 'react';
import type { getAccount } from '../../contract/calls/account';
import type { AccountLicense } from '../../contract/calls/account-records';
import type { AnswerTo } from '../../contract/calls/call';
import { ACCOUNT_TEXT, LICENSE_TEXT } from '../content/account-text';
import { formatRupiah } from '../format';
import { showExpiry, showTime } from './account-format';
import { Fact } from './fact';
import { GettingStarted } from './getting-started';
import { LicenseCard } from './license-card';

export type AccountData = Extract<AnswerTo<typeof getAccount>, { success: true }>;

type Props = {
  account: AccountData;
  fallbackWhatsapp: string;
  onLicense: (license: AccountLicense) => void;
  onSessionEnded: () => void;
  onSignOut: (everywhere: boolean) => void;
  busy: boolean;
};

/** Everything the signed-in address owns, and the way out. */
export function AccountView({
  account,
  fallbackWhatsapp,
  onLicense,
  onSessionEnded,
  onSignOut,
  busy,
}: Props): ReactElement {
  const whatsapp = account.support_whatsapp_url ?? fallbackWhatsapp;
  return (
    <div className="account">
      <div className="account-who card">
        <p>
          {ACCOUNT_TEXT.signedInAs} <strong>{account.email}</strong>
        </p>
        <div className="account-who-actions">
          <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => onSignOut(false)}>
            {ACCOUNT_TEXT.signOut}
          </button>
          <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => onSignOut(true)}>
            {ACCOUNT_TEXT.signOutAll}
          </button>
        </div>
      </div>

      <section aria-labelledby="licenses-title" className="account-section">
        <h2 id="licenses-title">{ACCOUNT_TEXT.licensesTitle}</h2>
        {account.licenses.length === 0 && <p>{ACCOUNT_TEXT.noLicenses}</p>}
        {account.licenses.map((license) => (
          <LicenseCard
            key={license.id}
            license={license}
            whatsappUrl={whatsapp}
            onChanged={onLicense}
            onSessionEnded={onSessionEnded}
          />
        ))}
      </section>

      {account.licenses.some((license) => license.app_type === 'loopbot') && (
        <GettingStarted downloadUrl={account.download_url} />
      )}

      {account.loopstreams.length > 0 && (
        <section aria-labelledby="loopstream-title" className="account-section">
          <h2 id="loopstream-title">{ACCOUNT_TEXT.loopstreamTitle}</h2>
          {account.loopstreams.map((access) => (
            <article key={access.id} className="card license-card" aria-labelledby={`loopstream-${access.id}`}>
              <header className="license-head">
                <h3 id={`loopstream-${access.id}`}>LoopStream {access.package_type}</h3>
                <span className={`license-state state-${access.active ? 'active' : 'expired'}`}>
                  {access.state_text}
                </span>
              </header>
              <dl className="license-facts">
                <Fact term="Server">
                  <code>{access.server_address}</code>
                </Fact>
                <Fact term={LICENSE_TEXT.expires}>
                  {showExpiry(access.expired_date, access.days_left, access.active)}
                </Fact>
              </dl>
              {access.access_file_ready ? (
                <div className="license-actions">
                  <a
                    className="btn btn-outline btn-sm"
                    href={`/api/account/loopstreams/${access.id}/download`}
                    download
                  >
                    {ACCOUNT_TEXT.accessFile}
                  </a>
                </div>
              ) : (
                <p className="license-note">{ACCOUNT_TEXT.accessFileNotReady}</p>
              )}
            </article>
          ))}
        </section>
      )}

      <section aria-labelledby="orders-title" className="account-section">
        <h2 id="orders-title">{ACCOUNT_TEXT.ordersTitle}</h2>
        {account.orders.length === 0 ? (
          <p>{ACCOUNT_TEXT.noOrders}</p>
        ) : (
          <ul className="order-list">
            {account.orders.map((order) => (
              <li key={order.id} className="card order-item">
                <p className="order-plan">{order.plan}</p>
                <dl className="license-facts">
                  <Fact term="Tanggal">{showTime(order.date)}</Fact>
                  <Fact term="Jumlah">{formatRupiah(order.amount_idr)}</Fact>
                  <Fact term="Status">{order.status_text}</Fact>
                  <Fact term="Nomor">
                    <code>{order.reference}</code>
                  </Fact>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
