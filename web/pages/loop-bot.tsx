import type { ReactElement } from 'react';
import { ExternalLink } from '../components/external-link';
import { FeatureGrid } from '../components/feature-grid';
import { GuaranteeBadges } from '../components/guarantee-badges';
import { Icon } from '../components/icon';
import { LoopBotPriceCards, PlanButton } from '../components/price-cards';
import { SectionHeading } from '../components/section-heading';
import { TestimonialGrid } from '../components/testimonial-grid';
import { LOOPBOT_FEATURES } from '../content/features';
import { whatsappUrl } from '../content/links';
import { planById, plansOf, storefront } from '../content/storefront';
import { LOOPBOT_TESTIMONIALS } from '../content/testimonials';
import { Island } from '../islands/island';
import { VideoFacade } from '../components/video-facade';
import { FaqAccordion } from '../components/faq-list';
import { TrialSection } from '../account/trial-section';

/** The plan the closing call offers as a trial (a stable catalogue id). */
const TRIAL_PLAN = 'loopbot-trial-4-hari';

export default function LoopBotPage(): ReactElement {
  const plans = plansOf('loopbot');
  const trial = planById(TRIAL_PLAN);
  const popular = plans.find((plan) => plan.most_popular && plan.available) ?? plans.find((plan) => plan.most_popular);
  return (
    <main id="main">
      <section className="hero hero-compact">
        <div className="container narrow center">
          <p className="eyebrow">Software desktop otomatisasi live YouTube</p>
          <h1>LoopBOT: jadwalkan dan jalankan live YouTube secara otomatis</h1>
          <p className="hero-lead">
            Buat jadwal siaran, mulai dan akhiri live tepat waktu, rotasi judul dan deskripsi di setiap sesi, lalu
            pantau semuanya dari dashboard dan notifikasi Telegram.
          </p>
          <div className="cta-row center">
            <a href="#harga" className="btn btn-primary btn-lg">
              Lihat Harga
            </a>
            <ExternalLink
              href={whatsappUrl('Halo Admin, saya mau konsultasi tentang LoopBOT.')}
              className="btn btn-outline btn-lg"
            >
              <Icon name="whatsapp" size={18} /> Konsultasi Gratis
            </ExternalLink>
          </div>
          <GuaranteeBadges />
        </div>
      </section>

      <Island
        name="trial-section"
        of={TrialSection}
        props={{ paidTrialUrl: trial?.available ? trial.checkout_url : null }}
      />

      <section className="section section-tight" aria-labelledby="demo-title">
        <div className="container narrow">
          <SectionHeading eyebrow="Demo" title="Lihat LoopBOT bekerja" id="demo-title" />
          <Island
            name="video-facade"
            of={VideoFacade}
            props={{
              videoId: storefront().videos.loopbot_demo,
              title: 'Demo LoopBOT',
              poster: '/images/poster-loopbot.webp',
            }}
          />
        </div>
      </section>

      <section className="section section-muted" aria-labelledby="features-title">
        <div className="container">
          <SectionHeading eyebrow="Fitur" title="Sembilan fitur yang menghemat jam kerja Anda" id="features-title">
            LoopBOT mengatur jadwal dan siaran di YouTube. Untuk mengirim videonya, pakai aplikasi streaming seperti OBS
            atau LoopStream.
          </SectionHeading>
          <FeatureGrid features={LOOPBOT_FEATURES} />
        </div>
      </section>

      <section className="section" id="harga" aria-labelledby="pricing-title">
        <div className="container">
          <SectionHeading eyebrow="Harga" title="Pilih paket LoopBOT" id="pricing-title">
            Satu lisensi untuk satu perangkat. Semakin panjang paketnya, semakin hemat per bulan.
          </SectionHeading>
          <LoopBotPriceCards plans={plans} />
          <p className="fine-print">Harga dapat berubah sewaktu-waktu tanpa pemberitahuan.</p>
          <div className="consult card">
            <div>
              <h3>Masih bingung memilih paket?</h3>
              <p>
                Ceritakan jumlah channel dan target Anda, admin kami bantu pilihkan paket yang paling pas. Biasanya
                dibalas dalam sekitar 5 menit.
              </p>
            </div>
            <ExternalLink
              href={whatsappUrl('Halo Admin, saya mau konsultasi dan membeli LoopBOT.')}
              className="btn btn-primary"
            >
              <Icon name="whatsapp" size={18} /> Konsultasi &amp; Beli
            </ExternalLink>
          </div>
        </div>
      </section>

      <section className="section section-muted" aria-labelledby="testimonials-title">
        <div className="container">
          <SectionHeading eyebrow="Testimoni" title="Kata kreator yang sudah memakai LoopBOT" id="testimonials-title" />
          <TestimonialGrid testimonials={LOOPBOT_TESTIMONIALS} />
        </div>
      </section>

      <section className="section" aria-labelledby="faq-title">
        <div className="container narrow">
          <SectionHeading eyebrow="FAQ" title="Pertanyaan yang sering diajukan" id="faq-title" />
          <Island name="faq-accordion" of={FaqAccordion} props={{ set: 'loopbot' }} />
        </div>
      </section>

      <section className="section section-tight">
        <div className="container">
          <div className="promo">
            <h2>Siap membuat channel Anda live tanpa henti?</h2>
            <p className="promo-lead">
              {trial?.available ? `Mulai dengan ${trial.name.toLowerCase()}` : 'Mulai sekarang'}
              {popular?.available ? `, atau langsung ambil paket ${popular.name} yang paling populer.` : '.'}
            </p>
            <div className="cta-row center">
              {trial && (
                <PlanButton
                  plan={trial}
                  className="btn btn-ghost-light btn-lg"
                  label={`Mulai ${trial.name} (tab baru)`}
                  text={`Mulai ${trial.name}`}
                />
              )}
              {popular && (
                <PlanButton
                  plan={popular}
                  className="btn btn-light btn-lg"
                  label={`Ambil Paket Terpopuler: ${popular.name} (tab baru)`}
                  text="Ambil Paket Terpopuler"
                />
              )}
            </div>
            <GuaranteeBadges light />
          </div>
        </div>
      </section>
    </main>
  );
}
