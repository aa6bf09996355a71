import type { FormEvent, ReactElement, ReactNode } from 'react';

/** The card both sign-in steps stand in: the brand mark, the step's title and what it asks for, then its form. */
export function LoginCard({
  titleId,
  title,
  intro,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  intro: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}): ReactElement {
  return (
    <form className="login-card" onSubmit={onSubmit} aria-labelledby={titleId}>
      <div className="brand brand-large" aria-hidden="true">
        <span className="brand-mark">L</span>
      </div>
      <h1 id={titleId}>{title}</h1>
      <p className="muted">{intro}</p>
      {children}
    </form>
  );
}
