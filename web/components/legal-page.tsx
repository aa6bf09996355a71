import type { ReactElement } from 'react';
import type { LegalSection } from '../content/legal';
import { withCatalogue } from '../content/links';
import { Island } from '../islands/island';
import { LastUpdated } from './last-updated';

/** Texts with their catalogue tokens filled; a sentence about a plan off sale is dropped whole. */
const filled = (texts: readonly string[] | undefined): string[] => (texts ?? []).map(withCatalogue).filter(Boolean);

export function LegalPage({
  title,
  lead,
  sections,
}: {
  title: string;
  lead: string;
  sections: readonly LegalSection[];
}): ReactElement {
  return (
    <main id="main">
      <section className="hero hero-compact">
        <div className="container narrow">
          <h1>{title}</h1>
          <p className="hero-lead">{lead}</p>
          <Island name="last-updated" of={LastUpdated} props={{}} />
        </div>
      </section>
      <article className="section section-tight">
        <div className="container narrow legal">
          {sections.map((section) => (
            <section key={section.title}>
              <h2>{section.title}</h2>
              {filled(section.paragraphs).map((text) => (
                <p key={text}>{text}</p>
              ))}
              {section.items && (
                <ul>
                  {filled(section.items).map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {filled(section.after).map((text) => (
                <p key={text}>{text}</p>
              ))}
            </section>
          ))}
        </div>
      </article>
    </main>
  );
}
