import type { ReactElement } from 'react';

/** The small picture sign on cards whose prompt has an image. */
export function ImageIcon(): ReactElement {
  return (
    <svg
      className="prompts-icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      role="img"
      aria-label="Dengan gambar"
      focusable="false"
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 9.5a1 1 0 1 0 0-.01"
      />
    </svg>
  );
}
