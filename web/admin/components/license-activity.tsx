import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { PRODUCT_NAMES } from '../../../contract/rules/products';
import { MESSAGES } from '../messages';
import { closeLicenseActivity, goToLicenseActivityPage, licenseActivity, showLicenseInList } from '../state/activity';
import { emptyListText } from '../state/paged-list';
import { ActivityEntries } from './activity-entries';
import { Pager } from './pager';
import { ViewModal } from './view-modal';

/** One licence's own activity entries, newest first, in a modal; opened from its row or an Activity entry. */
export function LicenseActivity(): ReactElement | null {
  const list = useSnapshot(licenseActivity);
  if (list.id === null) return null;
  const { license } = list;
  return (
    <ViewModal title={`Licence #${list.id}: activity`} onClose={closeLicenseActivity}>
      <div className="spread-row activity-license">
        {license ? (
          <>
            <p className="stack">
              <code className="key">{license.license_key}</code>
              <span className="cell-sub">
                {PRODUCT_NAMES[license.app_type]} · {license.email}
              </span>
            </p>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => showLicenseInList(license.license_key)}
            >
              Show in the licence list
            </button>
          </>
        ) : list.loading ? null : (
          <p className="muted">This licence was deleted; its entries stay.</p>
        )}
      </div>
      <ActivityEntries
        label={`Activity of licence ${list.id}`}
        entries={list.rows}
        busy={list.loading}
        withObject={false}
        empty={emptyListText(list, {
          none: 'No entries yet.',
          noMatch: 'No entries yet.',
          failed: MESSAGES.activityLoadFailed,
        })}
      />
      <Pager page={list.page} pages={list.pages} label="Licence activity pages" onPage={goToLicenseActivityPage} />
    </ViewModal>
  );
}
