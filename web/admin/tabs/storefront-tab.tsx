import { useEffect } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { PanelHead } from '../components/panel-head';
import { MESSAGES } from '../messages';
import { describeChanges, loadStorefront, saveStorefront } from '../state/storefront';
import { store } from '../state/store';
import { StorefrontContacts } from './storefront-contacts';
import { StorefrontEarnings } from './storefront-earnings';
import { StorefrontPlans } from './storefront-plans';
import { StorefrontTrial } from './storefront-trial';
import '../styles/storefront.css';

/** The shop as visitors see it: plans, contacts, videos, earnings screenshot; one Save for the edits. */
export function StorefrontTab(): ReactElement {
  const { saved, draft, saving, loading } = useSnapshot(store.storefront);
  useEffect(() => {
    void loadStorefront();
  }, []);
  const changes = saved && draft ? describeChanges(saved, draft).length : 0;
  return (
    <>
      <PanelHead title="Storefront">
        <a className="button button-secondary" href="/" target="_blank" rel="noopener noreferrer">
          Open the shop
        </a>
        <button
          type="button"
          className="button button-primary"
          disabled={!draft || saving}
          onClick={() => void saveStorefront()}
        >
          {saving ? 'Saving…' : 'Save'}
        </button>
      </PanelHead>
      <p className="muted storefront-status" role="status">
        {changes > 0
          ? `${changes} unsaved ${changes === 1 ? 'change' : 'changes'}.`
          : 'Every public page shows what is saved here, from the next visit on.'}
      </p>
      {draft ? (
        <>
          <StorefrontPlans />
          <StorefrontContacts />
          <StorefrontTrial />
          <StorefrontEarnings />
        </>
      ) : (
        <p className="empty">{loading ? 'Loading…' : MESSAGES.storefrontLoadFailed}</p>
      )}
    </>
  );
}
