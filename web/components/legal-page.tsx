import type { ReactElement } from 'react';
import type { LegalSection } from '../content/legal';
import { withContacts } from '../content/links';
import { LastUpdated } from './last-updated';

export function LegalPage({ title, lead, sections }: { title: string; lead: string; sections: readonly LegalSection[] }): ReactElement {
  return (
    <main id="main">
      <section className="hero hero-compact">
        <div className="container narrow">
          <h1>{title}</h1>
          <p className="hero-lead">{lead}</p>
          <LastUpdated />
        </div>
      </section>
      <article className="section section-tight">
        <div className="container narrow legal">
          {sections.map((section) => (
            <section key={section.title}>
              <h2>{section.title}</h2>
              {section.paragraphs?.map((text) => <p key={text}>{withContacts(text)}</p>)}
              {section.items && (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{withContacts(item)}</li>
                  ))}
                </ul>
              )}
              {section.after?.map((text) => <p key={text}>{withContacts(text)}</p>)}
            </section>
          ))}
        </div>
      </article>
    </main>
  );
}
