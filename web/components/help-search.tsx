import { useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { ExternalLink } from './external-link';
import { FaqList } from './faq-list';
import { countQuestions, filledFaq, filterFaq, resultCountText } from './faq-search';
import { Icon } from './icon';
import { useRevealWhileTyping } from './reveal-while-typing';
import { SearchField } from './search-field';
import { useTypedBeforeHydration } from './typed-before-hydration';
import { HELP_FAQ } from '../content/faq';
import { mailtoUrl, whatsappUrl } from '../content/links';
import { storefront } from '../content/storefront';
import { PATHS } from '../../contract/rules/paths';

/**
 * The searchable part of /help, an island: the search box with its count, the contacts and the
 * FAQ by category (searching moves the answers above the contacts). Text typed before it hydrated
 * is searched at once.
 */
export function HelpSearch(): ReactElement {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const categories = filterFaq(filledFaq(HELP_FAQ), query);
  const searching = query.trim() !== '';
  const toggle = (key: string): void => setOpen((current) => (current === key ? null : key));
  useTypedBeforeHydration(searchRef, query, setQuery);
  useRevealWhileTyping(searchRef, () => resultsRef.current?.querySelector('.faq-item, .empty') ?? null, query);

  const contacts = (
    <section className="section section-tight" aria-label="Kontak cepat" key="contacts">
      <div className="container contact-grid">
        <ExternalLink href={whatsappUrl()} className="card contact-card">
          <Icon name="message" />
          <strong>Chat WhatsApp</strong>
          <span>Respons dalam 1-4 jam</span>
        </ExternalLink>
        <a href={mailtoUrl('Bantuan LoopBOT')} className="card contact-card">
          <Icon name="mail" />
          <strong>E-mail</strong>
          <span>{storefront().contacts.support_email}</span>
        </a>
        <a href={PATHS.tutorial} className="card contact-card">
          <Icon name="book" />
          <strong>Video tutorial</strong>
          <span>Panduan langkah demi langkah</span>
        </a>
      </div>
    </section>
  );
  const faq = (
    <section className="section section-muted faq-section" aria-labelledby="faq-title" key="faq">
      <div className="container narrow" ref={resultsRef}>
        <h2 id="faq-title" className="visually-hidden">
          Pertanyaan yang sering diajukan
        </h2>
        {categories.length === 0 ? (
          <div className="empty card">
            <Icon name="search" size={32} />
            <p className="empty-title">Tidak ditemukan hasil</p>
            <p>Coba kata kunci lain, atau tanyakan langsung kepada admin kami.</p>
            <ExternalLink href={whatsappUrl(`Halo Admin, saya mau tanya: ${query}`)} className="btn btn-primary">
              Tanya Admin
            </ExternalLink>
          </div>
        ) : (
          categories.map((category) => (
            <div className="faq-category" key={category.id}>
              <h3 className="faq-category-title">
                <Icon name={category.icon} size={22} /> {category.name}
              </h3>
              <FaqList
                items={category.questions}
                idBase={`faq-${category.id}`}
                openKey={open}
                onToggle={toggle}
                level={4}
              />
            </div>
          ))
        )}
      </div>
    </section>
  );
  return (
    <>
      <section className="hero hero-compact">
        <div className="container narrow center">
          <p className="eyebrow">Pusat Bantuan</p>
          <h1>Ada yang bisa kami bantu?</h1>
          <p className="hero-lead">
            Cari jawaban dari pertanyaan yang paling sering diajukan, atau hubungi tim kami langsung.
          </p>
          <div className="search-box">
            <Icon name="search" size={20} />
            <SearchField
              id="help-search"
              label="Cari bantuan"
              placeholder="Cari pertanyaan atau topik..."
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              inputRef={searchRef}
              describedBy="help-search-count"
            />
          </div>
          <p id="help-search-count" className="search-count" role="status">
            {resultCountText(countQuestions(categories), query)}
          </p>
        </div>
      </section>

      {/* While searching, the results come straight under the field so a phone shows them above its keyboard. */}
      {searching ? [faq, contacts] : [contacts, faq]}
    </>
  );
}
