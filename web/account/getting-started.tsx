import type { ReactElement } from 'react';
import { INSTALL_PATH } from '../../contract/rules/paths';
import { INSTALL_STEPS, INSTALL_TEXT } from '../content/install-steps';

/**
 * "Mulai memakai LoopBOT" on /lisensi: the download (the owner's link, else the install steps on
 * /tutorial#instal) and how the key goes into the app.
 */
export function GettingStarted({ downloadUrl }: { downloadUrl: string | null }): ReactElement {
  return (
    <section aria-labelledby="start-title" className="account-section getting-started">
      <h2 id="start-title">{INSTALL_TEXT.accountTitle}</h2>
      <ol className="start-steps">
        {INSTALL_STEPS.slice(0, 4).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="license-actions">
        {downloadUrl ? (
          <a className="btn btn-primary btn-sm" href={downloadUrl} target="_blank" rel="noopener">
            {INSTALL_TEXT.download}
            <span className="visually-hidden"> (tab baru)</span>
          </a>
        ) : (
          <a className="btn btn-primary btn-sm" href={INSTALL_PATH}>
            {INSTALL_TEXT.download}
          </a>
        )}
        <a className="btn btn-outline btn-sm" href={INSTALL_PATH}>
          {INSTALL_TEXT.guide}
        </a>
      </div>
    </section>
  );
}
