import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import type { accountLicenseHistory } from '../../contract/calls/account';
import { formatDateTimeForPeople } from '../../contract/rules/shop-time';
import { ACCOUNT_TEXT, LICENSE_TEXT } from '../content/account-text';
import { buyerCall, NetworkError, SessionEndedError } from './account-api';
import { shopZone } from './account-format';

type Entry = { at: string; actor: string; text: string };

/** A licence's "Riwayat", fetched when opened (never kept after the page closes). */
export function LicenseHistory(props: { id: number; headingId: string; onSessionEnded: () => void }): ReactElement {
  const { id, headingId, onSessionEnded } = props;
  const [entries, setEntries] = useState<Entry[] | undefined>();
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    buyerCall<typeof accountLicenseHistory>('GET', `/api/account/licenses/${id}/history`)
      .then((result) => {
        if (!live) return;
        if (result.answer.success) setEntries(result.answer.history);
        else setError(ACCOUNT_TEXT.offline);
      })
      .catch((reason: unknown) => {
        if (!live) return;
        if (reason instanceof SessionEndedError) return onSessionEnded();
        setError(reason instanceof NetworkError ? ACCOUNT_TEXT.offline : String(reason));
      });
    return () => {
      live = false;
    };
  }, [id]);
  return (
    <section className="license-history" aria-labelledby={headingId} aria-busy={!entries && !error}>
      <h4 id={headingId}>{LICENSE_TEXT.history}</h4>
      {error && <p role="alert">{error}</p>}
      {!entries && !error && <p>{ACCOUNT_TEXT.loading}</p>}
      {entries && entries.length === 0 && <p>{LICENSE_TEXT.noHistory}</p>}
      {entries && entries.length > 0 && (
        <ol>
          {entries.map((entry, index) => (
            <li key={index}>
              <time dateTime={entry.at}>{formatDateTimeForPeople(entry.at, shopZone(), 'id')}</time>
              <span>{entry.text}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
