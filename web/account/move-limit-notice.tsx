import type { ReactElement } from 'react';
import { LICENSE_TEXT } from '../content/account-text';
import { showTime } from './account-format';

/** The move limit is reached: when the next release is possible, and the owner's WhatsApp for sooner. */
export function MoveLimitNotice({ at, whatsappUrl }: { at: string; whatsappUrl: string }): ReactElement {
  return (
    <div className="move-limit" role="note">
      <p className="move-limit-title">{LICENSE_TEXT.limitTitle}</p>
      <p>
        {LICENSE_TEXT.limitWhen} <strong>{showTime(at)}</strong>. {LICENSE_TEXT.limitHelp}
      </p>
      <a className="btn btn-whatsapp btn-sm" href={whatsappUrl} target="_blank" rel="noopener">
        {LICENSE_TEXT.whatsapp}
        <span className="visually-hidden"> (tab baru)</span>
      </a>
    </div>
  );
}
