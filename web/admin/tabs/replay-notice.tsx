import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { formatNumber } from '../format';
import { store } from '../state/store';

/**
 * Says that someone replayed a captured Lynk.id delivery (re-split ids, refused with 409): nothing
 * was issued, but one of the shop's deliveries is in a stranger's hands and the owner should know.
 */
export function ReplayNotice(): ReactElement | null {
  const { orderStats } = useSnapshot(store);
  const refused = orderStats?.replays_refused ?? 0;
  if (refused === 0) return null;
  return (
    <p className="notice notice-warning" role="status" data-replay-notice="">
      <strong>
        {refused === 1
          ? '1 replayed Lynk.id delivery was refused.'
          : `${formatNumber(refused)} replayed Lynk.id deliveries were refused.`}
      </strong>{' '}
      Nothing was issued or e-mailed, but a signed delivery of yours has leaked (a proxy log, a request bin used while
      setting up the webhook): see the README, "Orders and e-mail".
    </p>
  );
}
