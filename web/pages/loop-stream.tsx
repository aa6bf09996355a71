import type { ReactElement } from 'react';
import { ExternalLink } from '../components/external-link';
import { FeatureGrid } from '../components/feature-grid';
import { Icon } from '../components/icon';
import type { IconName } from '../components/icon';
import { LoopStreamPriceCards, PlanButton } from '../components/price-cards';
import { SectionHeading } from '../components/section-heading';
import { TestimonialGrid } from '../components/testimonial-grid';
import { LOOPSTREAM_FEATURES } from '../content/features';
import { whatsappUrl } from '../content/links';
import { planById, plansOf, storefront } from '../content/storefront';
import { LOOPSTREAM_TESTIMONIALS } from '../content/testimonials';
import { Island } from '../islands/island';
import { VideoFacade } from '../components/video-facade';

const STEPS: Array<{ icon: IconName; title: string; text: string }> = [
  { icon: 'upload', title: 'Upload video', text: 'Unggah video Anda (MP4, AVI, MOV, atau MKV, maksimal 5GB).' },
  { icon: 'calendar', title: 'Atur jadwal', text: 'Tentukan kapan live dimulai dan channel tujuannya.' },
  { icon: 'star', title: 'Santai', text: 'Server kami memutar video berulang 24/7. Komputer Anda boleh dimatikan.' },
];

export default function LoopStreamPage(): ReactElement {
  const combo = planById('combo');
  return (
    <main id="main">
      <section className="hero hero-compact">
        <div className="container narrow center">
          <p className="eyebrow">Streaming cloud 24/7</p>
          <h1>LoopStream: live YouTube 24/7 tanpa komputer menyala</h1>
          <p className="hero-lead">
            Video Anda diputar berulang di server dedicated kami dengan uptime 99,9%. Tidak perlu PC, tidak perlu
            begadang, tidak perlu khawatir listrik padam.
          </p>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="card step">
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <Icon name={step.icon} />
                <h2 className="step-title">{step.title}</h2>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="cta-row center">
            <a href="#paket" className="btn btn-primary btn-lg">
              Lihat Paket
            </a>
            <ExternalLink
              href={whatsappUrl('Halo Admin, saya mau tanya tentang LoopStream.')}
              className="btn btn-outline btn-lg"
            >
              <Icon name="whatsapp" size={18} /> Tanya Admin
            </ExternalLink>
          </div>
        </div>
      </section>

      <section className="section section-tight" aria-labelledby="demo-title">
        <div className="container narrow">
          <SectionHeading eyebrow="Demo" title="Begini LoopStream bekerja" id="demo-title" />
          <Island
            name="video-facade"
            of={VideoFacade}
            props={{
              videoId: storefront().videos.loopstream_demo,
              title: 'Demo LoopStream',
              poster: '/images/poster-loopstream.webp',
            }}
          />
        </div>
      </section>

      <section className="section section-muted" aria-labelledby="features-title">
        <div className="container">
          <SectionHeading eyebrow="Fitur" title="Streaming stabil tanpa repot" id="features-title">
            Admin kami biasanya membalas dalam sekitar 5 menit bila Anda butuh bantuan.
          </SectionHeading>
          <FeatureGrid features={LOOPSTREAM_FEATURES} />
        </div>
      </section>

      <section className="section" aria-labelledby="testimonials-title">
        <div className="container">
          <SectionHeading
            eyebrow="Testimoni"
            title="Mereka sudah live 24/7 dengan LoopStream"
            id="testimonials-title"
          />
          <TestimonialGrid testimonials={LOOPSTREAM_TESTIMONIALS} />
        </div>
      </section>

      <section className="section section-muted" id="paket" aria-labelledby="pricing-title">
        <div className="container">
          <SectionHeading eyebrow="Paket bulanan" title="Pilih kapasitas LoopStream" id="pricing-title">
            Bayar bulanan, perpanjang kapan saja, tanpa batas streaming harian. Ingin mencoba dulu? Tersedia uji coba
            gratis 1 hari tanpa kartu kredit.
          </SectionHeading>
          <LoopStreamPriceCards plans={plansOf('loopstream')} />
          <p className="fine-print">Harga dapat berubah sewaktu-waktu tanpa pemberitahuan.</p>
          <div className="consult card">
            <div>
              <h3>Paket combo LoopBOT + LoopStream</h3>
              <p>
                Jadwal otomatis dari LoopBOT, streaming 24/7 dari LoopStream: channel berjalan penuh tanpa perangkat di
                rumah.
              </p>
            </div>
            {combo && (
              <PlanButton
                plan={combo}
                className="btn btn-primary"
                label="Beli Paket Combo LoopBOT dan LoopStream (tab baru)"
                text="Beli Paket Combo"
              />
            )}
          </div>
        </div>
      </section>
    </main>
  );
}
