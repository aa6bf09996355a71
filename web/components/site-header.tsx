import { useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { PATHS, TRIAL_ANCHOR } from '../../contract/rules/paths';
import { Icon } from './icon';
import { Logo } from './logo';

const NAV: Array<{ href: string; label: string }> = [
  { href: PATHS.loopBot, label: 'LoopBOT' },
  { href: PATHS.loopStream, label: 'LoopStream' },
  { href: PATHS.prompts, label: 'Prompt AI' },
  { href: PATHS.licenses, label: 'Cek Lisensi' },
];

const TRIAL_HREF = `${PATHS.loopBot}#${TRIAL_ANCHOR}`;

/** The site's header, an island: `path` is the page it is on. Links load the next page whole, menu closed. */
export function SiteHeader({ path }: { path: string }): ReactElement {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const links = (onPick?: () => void): ReactElement[] =>
    NAV.map((item) => (
      <a
        key={item.href}
        href={item.href}
        className="nav-link"
        aria-current={path === item.href ? 'page' : undefined}
        onClick={onPick}
      >
        {item.label}
      </a>
    ));
  return (
    <header
      className="site-header"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <div className="container header-inner">
        <a href={PATHS.home} className="logo" aria-label="LoopBOT, ke beranda" onClick={() => setOpen(false)}>
          <Logo />
        </a>
        <nav className="nav-desktop" aria-label="Navigasi utama">
          {links()}
        </nav>
        <a href={TRIAL_HREF} className="btn btn-primary btn-sm header-cta">
          Coba Gratis
        </a>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Tutup menu' : 'Buka menu'}
          ref={toggleRef}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name={open ? 'close' : 'menu'} />
        </button>
      </div>
      <nav id="mobile-menu" className="nav-mobile" aria-label="Navigasi seluler" hidden={!open}>
        {links(() => setOpen(false))}
        {/* The header's call to action is hidden on narrow screens: the menu carries it instead. */}
        <a href={TRIAL_HREF} className="btn btn-primary nav-mobile-cta" onClick={() => setOpen(false)}>
          Coba Gratis
        </a>
      </nav>
    </header>
  );
}
