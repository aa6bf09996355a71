import type { ReactElement, ReactNode } from 'react';

/** A link to another site: always a new tab, never leaking our window. */
export function ExternalLink({
  href,
  className,
  children,
  label,
}: {
  href: string;
  className?: string;
  children: ReactNode;
  label?: string;
}): ReactElement {
  return (
    <a href={href} className={className} target="_blank" rel="noopener" aria-label={label}>
      {children}
    </a>
  );
}
