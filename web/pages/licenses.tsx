import type { ReactElement } from 'react';
import '../account/account.css';
import { Island } from '../islands/island';
import { LicensesView } from '../account/licenses-view';

/** The buyer's page: all of its content is one island (web/account/licenses-view.tsx). */
export default function LicensesPage(): ReactElement {
  return (
    <main id="main" className="account-page">
      <Island name="licenses" of={LicensesView} props={{}} />
    </main>
  );
}
