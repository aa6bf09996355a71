import { useEffect } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { openSecurity, security } from '../state/security';
import { logout } from '../state/session';
import { store } from '../state/store';
import { confirmDiscardUnsaved, warnBeforeUnload } from '../state/unsaved';
import type { Tab } from '../state/store';
import { ActivityTab } from '../tabs/activity-tab';
import { InsightsTab } from '../tabs/insights-tab';
import { LicensesTab } from '../tabs/licenses-tab';
import { LoopstreamTab } from '../tabs/loopstream-tab';
import { MailNotice } from '../tabs/mail-notice';
import { PaymentsNotice } from '../tabs/payments-notice';
import { ReplayNotice } from '../tabs/replay-notice';
import { OrdersTab } from '../tabs/orders-tab';
import { PromptsTab } from '../tabs/prompts-tab';
import { SecurityView } from '../tabs/security-view';
import { SettingsTab } from '../tabs/settings-tab';
import { StorefrontTab } from '../tabs/storefront-tab';
import { BackupNotice } from './backup-notice';
import { GuessingNotice } from './guessing-notice';
import { PlaceholderBanner } from './placeholder-banner';
import { StatCards } from './stat-cards';
import { panelId, TabBar, tabId } from './tab-bar';

const PANELS: Record<Tab, () => ReactElement> = {
  licenses: LicensesTab,
  loopstream: LoopstreamTab,
  prompts: PromptsTab,
  settings: SettingsTab,
  storefront: StorefrontTab,
  orders: OrdersTab,
  insights: InsightsTab,
  activity: ActivityTab,
};

export function Dashboard(): ReactElement {
  const { tab } = useSnapshot(store);
  const { open: securityOpen } = useSnapshot(security);
  const Panel = PANELS[tab];
  useEffect(() => {
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => window.removeEventListener('beforeunload', warnBeforeUnload);
  }, []);
  return (
    <>
      <header className="topbar">
        <div className="topbar-inner">
          <div className="brand">
            <span className="brand-mark" aria-hidden="true">
              L
            </span>
            <span className="brand-name">LoopBOT Admin</span>
          </div>
          <div className="topbar-actions">
            <button
              type="button"
              className="button button-secondary"
              aria-pressed={securityOpen}
              onClick={() => openSecurity(!securityOpen)}
            >
              Security
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => confirmDiscardUnsaved() && void logout()}
            >
              Logout
            </button>
          </div>
        </div>
      </header>
      <main className="page">
        <h1 className="visually-hidden">Admin Dashboard</h1>
        <StatCards />
        {/* First: someone holds the password. */}
        <GuessingNotice />
        <PaymentsNotice />
        <PlaceholderBanner />
        {/* The Orders tab shows it itself, beside the outbox. */}
        {tab === 'orders' ? null : <MailNotice />}
        <ReplayNotice />
        <BackupNotice />
        {securityOpen ? (
          <SecurityView />
        ) : (
          <>
            <TabBar current={tab} />
            <section id={panelId(tab)} role="tabpanel" aria-labelledby={tabId(tab)} className="panel">
              <Panel />
            </section>
          </>
        )}
      </main>
    </>
  );
}
