import type { ReactElement, ReactNode } from 'react';
import { LICENSE_TEXT } from '../content/account-text';
import { showTime } from './account-format';

/** The move limit is reached: what it stops and from when (`children`), and the owner's WhatsApp for sooner. */
export function MoveLimitNotice({ children, whatsappUrl }: { children: ReactNode; whatsappUrl: string }): ReactElement {
  return (
    <div className="move-limit" role="note">
      <p className="move-limit-title">{LICENSE_TEXT.limitTitle}</p>
      <p>
        {children} {LICENSE_TEXT.limitHelp}
      </p>
      <a className="btn btn-whatsapp btn-sm" href={whatsappUrl} target="_blank" rel="noopener">
        {LICENSE_TEXT.whatsapp}
        <span className="visually-hidden"> (tab baru)</span>
      </a>
    </div>
  );
}

/** "… mulai **7 Januari 2027 pukul 04.09 WIB**." */
export function FromTime({ lead, at }: { lead: string; at: string }): ReactElement {
  return (
    <>
      {lead} <strong>{showTime(at)}</strong>.
    </>
  );
}
