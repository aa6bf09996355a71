import type { ReactElement } from 'react';
import { FeatureGrid } from '../components/feature-grid';
import { Icon } from '../components/icon';
import { SectionHeading } from '../components/section-heading';
import { TestimonialGrid } from '../components/testimonial-grid';
import { TRIAL_TEXT } from '../content/account-text';
import { HOME_FEATURES } from '../content/features';
import { storefront } from '../content/storefront';
import { HOME_TESTIMONIALS } from '../content/testimonials';
import { PATHS, TRIAL_ANCHOR } from '../../contract/rules/paths';
import { Island } from '../islands/island';
import { PromoCountdown } from '../components/promo-countdown';
import { VisitorCounter } from '../components/visitor-counter';
import { PurchaseNotifications } from '../components/purchase-notifications';
import { EarningsProof } from '../components/earnings-proof';

const HERO_STATS: Array<[string, string]> = [
  ['15+', 'channel berjalan otomatis'],
  ['24/7', 'channel tetap online'],
  ['1 klik', 'untuk memulai semua live'],
];

const DASH_ROWS: Array<[string, string, string]> = [
  ['Musik Santai 24 Jam', '1.284', '02:30'],
  ['Lofi Belajar Indonesia', '862', '04:15'],
  ['Suara Hujan Tidur', '2.107', '01:05'],
];

export default function HomePage(): ReactElement {
  return (
    <main id="main">
      <section className="hero">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">Otomatisasi live streaming YouTube</p>
            <h1>Channel YouTube Anda online 24/7, penghasilan tetap mengalir</h1>
            <p className="hero-lead">
              LoopBOT dan LoopStream menjadwalkan, menjalankan, dan memantau live di banyak channel sekaligus. Kreator
              kami mengelola 15+ channel dalam satu akun AdSense dengan penghasilan hingga ratusan juta rupiah per
              bulan.
            </p>
            <div className="cta-row">
              <a href={PATHS.loopBot} className="btn btn-primary btn-lg">
                Lihat LoopBOT <Icon name="arrow" size={18} />
              </a>
              <a href={PATHS.loopStream} className="btn btn-outline btn-lg">
                Lihat LoopStream
              </a>
            </div>
            <Island name="visitor-counter" of={VisitorCounter} props={{}} />
          </div>
          <div className="hero-visual">
            <div
              className="dash card"
              role="img"
              aria-label="Contoh tampilan dashboard monitoring LoopBOT dengan tiga channel sedang live"
            >
              <div className="dash-head">
                <span className="dash-title">Dashboard monitoring</span>
                <span className="live-pill">● 15 live</span>
              </div>
              {DASH_ROWS.map(([channel, viewers, next]) => (
                <div className="dash-row" key={channel}>
                  <span className="dash-dot" />
                  <span className="dash-channel">{channel}</span>
                  <span className="dash-viewers">{viewers} penonton</span>
                  <span className="dash-next">berikutnya {next}</span>
                </div>
              ))}
            </div>
            <ul className="hero-stats" aria-label="Sekilas LoopBOT">
              {HERO_STATS.map(([value, label]) => (
                <li key={label}>
                  <strong>{value}</strong>
                  <span>{label}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="proof-title">
        <div className="container split">
          <div>
            <SectionHeading
              eyebrow="Bukti nyata"
              title="Penghasilan AdSense dari channel yang berjalan sendiri"
              id="proof-title"
            />
            <p>
              Ini tangkapan layar pendapatan salah satu pengguna kami. Banyak channel live terhubung ke satu akun
              AdSense, semuanya dijadwalkan dan dijalankan otomatis, siang dan malam.
            </p>
            <ul className="check-list">
              <li>
                <Icon name="check" size={18} /> Live berjalan walau Anda sedang tidur atau bekerja
              </li>
              <li>
                <Icon name="check" size={18} /> Kontrol dari mana saja lewat notifikasi dan dashboard ramah HP
              </li>
              <li>
                <Icon name="check" size={18} /> Support 24/7 lewat WhatsApp dan e-mail
              </li>
            </ul>
          </div>
          <Island name="earnings-proof" of={EarningsProof} props={{}} />
        </div>
      </section>

      <section className="section section-muted" aria-labelledby="features-title">
        <div className="container">
          <SectionHeading
            eyebrow="Kenapa LoopBOT"
            title="Semua yang Anda butuhkan untuk live tanpa henti"
            id="features-title"
          >
            Dibuat untuk kreator yang ingin channel-nya bekerja 24 jam, tanpa harus menungguinya.
          </SectionHeading>
          <FeatureGrid features={HOME_FEATURES} />
        </div>
      </section>

      <section className="section" aria-labelledby="testimonials-title">
        <div className="container">
          <SectionHeading
            eyebrow="Cerita pengguna"
            title="Dipercaya 1000+ YouTuber di seluruh Indonesia"
            id="testimonials-title"
          />
          <TestimonialGrid testimonials={HOME_TESTIMONIALS} />
        </div>
      </section>

      <section className="section section-muted" aria-labelledby="choose-title">
        <div className="container">
          <SectionHeading
            eyebrow="Pilih solusi Anda"
            title="Dua cara membuat channel Anda live terus"
            id="choose-title"
          />
          <div className="product-choice">
            <article className="card product-card">
              <span className="feature-icon">
                <Icon name="bot" />
              </span>
              <h3>LoopBOT</h3>
              <p className="product-kind">Software desktop otomatisasi live</p>
              <ul className="check-list">
                <li>
                  <Icon name="check" size={18} /> Jadwal, mulai, dan akhiri live otomatis
                </li>
                <li>
                  <Icon name="check" size={18} /> Rotasi judul, deskripsi, dan thumbnail
                </li>
                <li>
                  <Icon name="check" size={18} /> Notifikasi Telegram &amp; dashboard monitoring
                </li>
              </ul>
              <a href={`${PATHS.loopBot}#${TRIAL_ANCHOR}`} className="btn btn-primary btn-block">
                {storefront().trial?.enabled === false ? TRIAL_TEXT.homeButtonOff : TRIAL_TEXT.homeButton}
              </a>
            </article>
            <article className="card product-card">
              <span className="feature-icon">
                <Icon name="cloud" />
              </span>
              <h3>LoopStream</h3>
              <p className="product-kind">Streaming cloud 24/7 di server dedicated</p>
              <ul className="check-list">
                <li>
                  <Icon name="check" size={18} /> Tanpa komputer menyala di rumah
                </li>
                <li>
                  <Icon name="check" size={18} /> Upload video, atur jadwal, selesai
                </li>
                <li>
                  <Icon name="check" size={18} /> Uptime 99,9%, hingga kualitas 4K
                </li>
              </ul>
              <a href={PATHS.loopStream} className="btn btn-outline btn-block">
                Coba Sekarang
              </a>
            </article>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="promo-title">
        <div className="container">
          <div className="promo">
            <p className="promo-tag">
              <Icon name="fire" size={18} /> Promo terbatas
            </p>
            <h2 id="promo-title">Hanya tersisa 50 slot bulan ini</h2>
            <p className="promo-lead">
              Setelah promo berakhir, harga naik 2x lipat. Amankan harga terbaik Anda sebelum waktunya habis.
            </p>
            <Island name="promo-countdown" of={PromoCountdown} props={{}} />
            <a href={PATHS.loopBot} className="btn btn-light btn-lg">
              Ambil Promo Sekarang <Icon name="arrow" size={18} />
            </a>
          </div>
        </div>
      </section>
      <Island name="purchase-notifications" of={PurchaseNotifications} props={{}} />
    </main>
  );
}
