import { useState } from 'react';
import type { ReactElement } from 'react';
import { LOOPBOT_FAQ } from '../content/faq';
import type { FaqItem } from '../content/faq';
import { withCatalogue } from '../content/links';
import { Icon } from './icon';

/**
 * Accordion with at most one open question; clicking the open one closes it. `idBase` names its
 * panels (unique on the page; not `useId`, whose ids an island root would not reproduce).
 */
export function FaqList({
  items,
  idBase,
  openKey,
  onToggle,
  level = 3,
}: {
  items: readonly FaqItem[];
  idBase: string;
  openKey?: string | null;
  onToggle?: (key: string) => void;
  level?: 3 | 4;
}): ReactElement {
  const Heading = level === 3 ? 'h3' : 'h4';
  const [ownOpen, setOwnOpen] = useState<string | null>(null);
  const open = openKey === undefined ? ownOpen : openKey;
  const toggle = onToggle ?? ((key: string) => setOwnOpen((current) => (current === key ? null : key)));
  return (
    <div className="faq-list">
      {items.map((item, index) => {
        const key = item.question;
        const expanded = open === key;
        const panelId = `${idBase}-${index}`;
        return (
          <div className={expanded ? 'faq-item open' : 'faq-item'} key={key}>
            <Heading className="faq-question">
              <button type="button" aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(key)}>
                <span>{item.question}</span>
                <Icon name="chevron" size={20} className="faq-chevron" />
              </button>
            </Heading>
            <div id={panelId} className="faq-answer" hidden={!expanded}>
              <p>{withCatalogue(item.answer)}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}

const FAQ_SETS = { loopbot: LOOPBOT_FAQ };

/** A page's own accordion as an island: the questions are named by set, not copied into the page's props. */
export function FaqAccordion({ set }: { set: keyof typeof FAQ_SETS }): ReactElement {
  return <FaqList items={FAQ_SETS[set]} idBase={`faq-${set}`} />;
}
