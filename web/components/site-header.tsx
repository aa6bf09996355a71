import { useEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { Link, useLocation } from 'wouter';
import { PATHS, TRIAL_ANCHOR } from '../paths';
import { Icon } from './icon';
import { Logo } from './logo';

const NAV: Array<{ href: string; label: string }> = [
  { href: PATHS.loopBot, label: 'LoopBOT' },
  { href: PATHS.loopStream, label: 'LoopStream' },
  { href: PATHS.prompts, label: 'Prompt AI' },
  { href: PATHS.licenses, label: 'Cek Lisensi' },
];

export function SiteHeader(): ReactElement {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Any navigation closes the menu: a footer link or the browser's back button too, not only its own links.
  useEffect(() => setOpen(false), [location]);
  const links = (onPick?: () => void): ReactElement[] =>
    NAV.map((item) => (
      <Link
        key={item.href}
        href={item.href}
        className="nav-link"
        aria-current={location === item.href ? 'page' : undefined}
        onClick={onPick}
      >
        {item.label}
      </Link>
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
        <Link href={PATHS.home} className="logo" aria-label="LoopBOT, ke beranda" onClick={() => setOpen(false)}>
          <Logo />
        </Link>
        <nav className="nav-desktop" aria-label="Navigasi utama">
          {links()}
        </nav>
        <Link href={`${PATHS.loopBot}#${TRIAL_ANCHOR}`} className="btn btn-primary btn-sm header-cta">
          Coba Gratis
        </Link>
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
      </nav>
    </header>
  );
}
