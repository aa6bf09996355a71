import type { ReactElement } from 'react';
import { ExternalLink } from '../components/external-link';
import { Icon } from '../components/icon';
import { SectionHeading } from '../components/section-heading';
import { whatsappUrl } from '../content/links';
import { storefront } from '../content/storefront';
import { ADVANCED_OPTIONS, BEGINNER_TIPS, CLIENT_SECRET_STEPS, REQUIRED_FILES, SETTINGS } from '../content/tutorial';
import type { TutorialItem } from '../content/tutorial';
import { Island } from '../islands/island';
import { INSTALL_PROBLEMS, INSTALL_STEPS, INSTALL_TEXT } from '../content/install-steps';
import { INSTALL_ANCHOR, PATHS } from '../../contract/rules/paths';
import { VideoFacade } from '../components/video-facade';
import { SpintaxTester } from '../components/spintax-tester';

function ItemGrid({ items }: { items: readonly TutorialItem[] }): ReactElement {
  return (
    <dl className="item-grid">
      {items.map((item) => (
        <div className="card" key={item.title}>
          <dt>{item.title}</dt>
          <dd>
            {item.text}
            {item.example && (
              <span className="example">
                Contoh: <code>{item.example}</code>
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function TutorialPage(): ReactElement {
  return (
    <main id="main">
      <section className="hero hero-compact">
        <div className="container narrow center">
          <p className="eyebrow">Tutorial</p>
          <h1>Panduan lengkap memakai LoopBOT</h1>
          <p className="hero-lead">
            Dari membuat file client secret sampai live pertama berjalan otomatis. Ikuti langkahnya satu per satu.
          </p>
        </div>
      </section>

      <section className="section section-tight" aria-labelledby="videos-title">
        <div className="container">
          <SectionHeading title="Video tutorial" id="videos-title" />
          <div className="video-grid">
            <div>
              <Island
                name="video-facade"
                of={VideoFacade}
                props={{
                  videoId: storefront().videos.tutorial_setup,
                  title: 'Tutorial instalasi dan setup LoopBOT',
                  poster: '/images/poster-tutorial-setup.webp',
                }}
              />
              <h3 className="video-caption">Instalasi &amp; setup LoopBOT</h3>
            </div>
            <div>
              <Island
                name="video-facade"
                of={VideoFacade}
                props={{
                  videoId: storefront().videos.tutorial_client_secret,
                  title: 'Tutorial membuat client secret JSON',
                  poster: '/images/poster-tutorial-secret.webp',
                }}
              />
              <h3 className="video-caption">Membuat file client secret JSON</h3>
            </div>
          </div>
        </div>
      </section>

      <section className="section section-muted" id={INSTALL_ANCHOR} aria-labelledby="install-title">
        <div className="container narrow">
          <SectionHeading eyebrow={INSTALL_TEXT.eyebrow} title={INSTALL_TEXT.title} id="install-title">
            {INSTALL_TEXT.lead}
          </SectionHeading>
          <ol className="numbered-steps">
            {INSTALL_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="install-actions">
            <a href={PATHS.licenses} className="btn btn-primary">
              <Icon name="key" size={18} /> {INSTALL_TEXT.openAccount}
            </a>
          </p>
          <h3 className="sub-title">{INSTALL_TEXT.problemsTitle}</h3>
          <ItemGrid items={INSTALL_PROBLEMS} />
          <p className="install-help">
            {INSTALL_TEXT.stillStuck}{' '}
            <ExternalLink href={whatsappUrl('Halo Admin, aktivasi LoopBOT saya gagal.')}>Chat WhatsApp</ExternalLink>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="secret-title">
        <div className="container narrow">
          <SectionHeading eyebrow="Langkah 1" title="Membuat file client secret JSON" id="secret-title" />
          <ol className="numbered-steps">
            {CLIENT_SECRET_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section-muted" aria-labelledby="settings-title">
        <div className="container">
          <SectionHeading eyebrow="Langkah 2" title="Memahami pengaturan" id="settings-title" />
          <ItemGrid items={SETTINGS} />
          <h3 className="sub-title">Opsi lanjutan</h3>
          <ItemGrid items={ADVANCED_OPTIONS} />
        </div>
      </section>

      <section className="section" aria-labelledby="files-title">
        <div className="container">
          <SectionHeading eyebrow="Langkah 3" title="File yang perlu disiapkan" id="files-title" />
          <ItemGrid items={REQUIRED_FILES} />
          <h3 className="sub-title">Coba spintax deskripsi Anda</h3>
          <Island name="spintax-tester" of={SpintaxTester} props={{}} />
        </div>
      </section>

      <section className="section section-muted" aria-labelledby="license-title">
        <div className="container narrow">
          <div className="notice card">
            <Icon name="key" size={28} />
            <div>
              <h2 id="license-title">LoopBOT memerlukan lisensi</h2>
              <p>
                Setiap perangkat membutuhkan satu lisensi aktif. Belum punya lisensi atau butuh bantuan aktivasi?
                Hubungi admin.
              </p>
              <ExternalLink
                href={whatsappUrl('Halo Admin, saya mau minta lisensi LoopBOT.')}
                className="btn btn-primary"
              >
                <Icon name="whatsapp" size={18} /> Hubungi via WhatsApp
              </ExternalLink>
            </div>
          </div>
          <SectionHeading title="Tips untuk pemula" />
          <ul className="check-list">
            {BEGINNER_TIPS.map((tip) => (
              <li key={tip}>
                <Icon name="check" size={18} /> {tip}
              </li>
            ))}
          </ul>
          <div className="consult card">
            <div>
              <h3>Masih ada yang membingungkan?</h3>
              <p>Tim support kami siap membantu 24/7.</p>
            </div>
            <ExternalLink
              href={whatsappUrl('Halo Admin, saya butuh bantuan setup LoopBOT.')}
              className="btn btn-outline"
            >
              Hubungi Support
            </ExternalLink>
          </div>
        </div>
      </section>
    </main>
  );
}
