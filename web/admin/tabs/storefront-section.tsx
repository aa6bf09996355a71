import type { ReactElement, ReactNode } from 'react';

/** One part of the Storefront tab: a section named by its heading (`storefront-<name>-title`). */
export function StorefrontSection({
  name,
  title,
  children,
}: {
  name: string;
  title: string;
  children: ReactNode;
}): ReactElement {
  const titleId = `storefront-${name}-title`;
  return (
    <section className="storefront-section" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {children}
    </section>
  );
}
