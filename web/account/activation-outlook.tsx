import type { ReactElement } from 'react';
import type { AccountLicense } from '../../contract/calls/account-records';
import { LICENSE_TEXT } from '../content/account-text';
import { showTime } from './account-format';
import { FromTime, MoveLimitNotice } from './move-limit-notice';

/** The "Perangkat" fact: the bound computer, the last one while none is bound, or never used. */
export function deviceText(license: AccountLicense): string {
  if (license.device_bound) return license.device_name ?? '—';
  if (license.last_device_name) return LICENSE_TEXT.lastDevice(license.last_device_name);
  return license.last_seen_at ? LICENSE_TEXT.notBound : LICENSE_TEXT.noDevice;
}

/**
 * What activating the key does now, as the licence API will decide it (docs/spec.md#buyer-account):
 * a refused free trial, the move limit while a device is bound, or, with none bound, whether the
 * next activation works and when the 30-day move window frees a move. `limitAt` is the server's
 * next_move_at, or the time a refused release named.
 */
export function ActivationOutlook(props: {
  license: AccountLicense;
  limitAt: string | undefined;
  whatsappUrl: string;
}): ReactElement | null {
  const { license, limitAt, whatsappUrl } = props;
  const last = license.last_device_name ?? '—';
  if (license.trial_refused_at && !license.device_bound)
    return (
      <div className="account-problem" role="note">
        <p className="move-limit-title">{LICENSE_TEXT.trialRefusedTitle}</p>
        <p>
          {showTime(license.trial_refused_at)}: {LICENSE_TEXT.trialRefused}
        </p>
      </div>
    );
  if (license.device_bound || license.next_activation === 'bound')
    return limitAt ? (
      <MoveLimitNotice whatsappUrl={whatsappUrl}>
        <FromTime lead={LICENSE_TEXT.limitWhen} at={limitAt} />
      </MoveLimitNotice>
    ) : null;
  if (license.next_activation === 'refused')
    return (
      <MoveLimitNotice whatsappUrl={whatsappUrl}>
        <FromTime lead={LICENSE_TEXT.refusedElsewhere(last)} at={license.moves_reset_at ?? limitAt ?? ''} />
      </MoveLimitNotice>
    );
  const full = license.moves_used >= license.moves_max && license.moves_reset_at;
  return (
    <div className="activation-ready" role="note">
      <p className="move-limit-title">{LICENSE_TEXT.readyTitle}</p>
      <p>
        {license.next_activation === 'counted'
          ? LICENSE_TEXT.readyCounted(last, Math.max(0, license.moves_max - license.moves_used))
          : LICENSE_TEXT.readyFree}
      </p>
      {full && (
        <p>
          <FromTime lead={LICENSE_TEXT.movesUsed(license.moves_used, license.moves_max)} at={license.moves_reset_at!} />
        </p>
      )}
    </div>
  );
}
