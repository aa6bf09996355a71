import type { ReactElement } from 'react';

/** Stroke icons drawn on a 24×24 grid; decorative, so hidden from screen readers. */
const PATHS = {
  bot: 'M12 3v3M7 8h10a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3v-6a3 3 0 0 1 3-3zM9 13h.01M15 13h.01M9.5 17h5',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  layers: 'M12 3 3 8l9 5 9-5-9-5zM3 13l9 5 9-5M3 17.5l9 5 9-5',
  lock: 'M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 0 1 7 0V11',
  smartphone: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM11 18h2',
  zap: 'M13 2 4 14h7l-1 8 9-12h-7z',
  calendar: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4',
  play: 'M7 4.5v15l13-7.5z',
  refresh: 'M20 11a8 8 0 0 0-14.5-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.5 4.5L20 16M20 20v-4h-4',
  chart: 'M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-3',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01',
  shuffle:
    'M3 7h3.5c4 0 5 10 9 10H21M3 17h3.5c1.5 0 2.6-1.4 3.5-3M14 10c.9-1.6 2-3 3.5-3H21M18 4l3 3-3 3M18 14l3 3-3 3',
  filter: 'M3 5h18l-7 8v6l-4 2v-8z',
  key: 'M14.5 3a6.5 6.5 0 1 1-5.3 10.3L3 19.5V21h3v-2h2v-2h2l1.7-1.7A6.5 6.5 0 0 1 14.5 3zM16.5 7.5h.01',
  server: 'M4 4h16v7H4zM4 13h16v7H4zM8 7.5h.01M8 16.5h.01',
  upload: 'M12 16V4M7 9l5-5 5 5M4 16v4h16v-4',
  film: 'M4 4h16v16H4zM8 4v16M16 4v16M4 9h4M4 15h4M16 9h4M16 15h4',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H5a1 1 0 0 1-1-1zM20 14h-3v6h2a1 1 0 0 0 1-1z',
  cloud: 'M7 19h10a5 5 0 0 0 .8-9.9A6 6 0 0 0 6.2 9.6 4.7 4.7 0 0 0 7 19z',
  wallet: 'M4 7h15a1 1 0 0 1 1 1v11H5a1 1 0 0 1-1-1zM4 7l12-4v4M16 13h.01',
  message: 'M4 5h16v11H9l-5 4z',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  book: 'M4 4h6a2 2 0 0 1 2 2v14a2 2 0 0 0-2-2H4zM20 4h-6a2 2 0 0 0-2 2v14a2 2 0 0 1 2-2h6z',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5 20 20',
  check: 'M5 12.5 10 17l9-10',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  shield: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6z M9 12l2 2 4-4',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M18 14a6 6 0 0 1 4 7',
  trending: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  gift: 'M4 10h16v11H4zM3 7h18v3H3zM12 7v14M12 7S10.5 3 8 3.5 7.5 7 12 7zM12 7s1.5-4 4-3.5S16.5 7 12 7z',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  folder: 'M3 6h6l2 2h10v11H3z',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6 6 18',
  chevron: 'M6 9l6 6 6-6',
  arrow: 'M5 12h14M13 6l6 6-6 6',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  fire: 'M12 22c4 0 7-2.7 7-7 0-3-1.6-5.4-3.5-7.5-.4 2-1.5 3.3-3 3.5.5-3-.8-6.3-3.5-9 0 4-5 6.5-5 13 0 4.3 3 7 8 7z',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5h.01',
  facebook: 'M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V9H7v3.5h2V21h3.5v-8.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z',
  telegram: 'M21 4 3 11l6 2.2M21 4l-3 16-7-5.5M21 4 9 13.2v5.3l2.8-3.2',
  whatsapp: 'M4 20l1.3-4A8 8 0 1 1 8.4 19zM9 8.5c0 3.5 2.8 6.5 6.5 6.5l1-1.7-2-1-1 .9a4 4 0 0 1-2.2-2.2l.9-1-1-2z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({
  name,
  size = 24,
  className,
}: {
  name: IconName;
  size?: number;
  className?: string;
}): ReactElement {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
