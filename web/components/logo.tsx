import type { ReactElement } from 'react';

/** Brand mark: a play triangle inside a loop. */
export function Logo(): ReactElement {
  return (
    <>
      <svg className="logo-mark" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="var(--accent)" />
        <path d="M16 7a9 9 0 1 0 8.5 6" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <path d="M13.5 11.5v9l7-4.5z" fill="#fff" />
      </svg>
      <span className="logo-text">
        Loop<span>BOT</span>
      </span>
    </>
  );
}
