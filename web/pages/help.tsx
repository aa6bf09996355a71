import type { ReactElement } from 'react';
import { ExternalLink } from '../components/external-link';
import { Icon } from '../components/icon';
import { whatsappUrl } from '../content/links';
import { Island } from '../islands/island';
import { PATHS } from '../../contract/rules/paths';
import { HelpSearch } from '../components/help-search';

export default function HelpPage(): ReactElement {
  return (
    <main id="main">
      <Island name="help-search" of={HelpSearch} props={{}} />

      <section className="section section-tight" aria-label="Bantuan lainnya">
        <div className="container help-bottom">
          <div className="card help-card">
            <Icon name="headset" size={28} />
            <h2>Live chat dengan admin</h2>
            <p>Tim support kami siap 24/7. Kirim pertanyaan Anda, kami balas dalam 1-4 jam.</p>
            <ExternalLink href={whatsappUrl()} className="btn btn-primary">
              Mulai Chat
            </ExternalLink>
          </div>
          <div className="card help-card">
            <Icon name="book" size={28} />
            <h2>Pelajari lewat tutorial</h2>
            <p>Video dan panduan tertulis untuk instalasi, setup, dan tips memaksimalkan channel.</p>
            <a href={PATHS.tutorial} className="btn btn-outline">
              Buka Tutorial
            </a>
          </div>
        </div>
      </section>
    </main>
  );
}
