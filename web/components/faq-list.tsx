import { useId, useState } from 'react';
import type { ReactElement } from 'react';
import type { FaqItem } from '../content/faq';
import { withCatalogue } from '../content/links';
import { Icon } from './icon';

/** Accordion with at most one open question; clicking the open one closes it. */
export function FaqList({
  items,
  openKey,
  onToggle,
  level = 3,
}: {
  items: readonly FaqItem[];
  openKey?: string | null;
  onToggle?: (key: string) => void;
  level?: 3 | 4;
}): ReactElement {
  const Heading = level === 3 ? 'h3' : 'h4';
  const [ownOpen, setOwnOpen] = useState<string | null>(null);
  const open = openKey === undefined ? ownOpen : openKey;
  const toggle = onToggle ?? ((key: string) => setOwnOpen((current) => (current === key ? null : key)));
  const baseId = useId();
  return (
    <div className="faq-list">
      {items.map((item, index) => {
        const key = item.question;
        const expanded = open === key;
        const panelId = `${baseId}-${index}`;
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
