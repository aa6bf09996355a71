import type { ReactElement } from 'react';

export const OFFLINE_MESSAGE = 'Anda sedang offline — menampilkan prompt yang tersimpan.';

/** A small, polite notice that the page shows saved content because the network is down. */
export function OfflineNotice({ message = OFFLINE_MESSAGE }: { message?: string }): ReactElement {
  return (
    <p className="offline-notice" role="status">
      {message}
    </p>
  );
}
