import type { ReactElement } from 'react';
import { PATHS } from '../../contract/rules/paths';

export default function NotFoundPage(): ReactElement {
  return (
    <main id="main">
      <section className="hero hero-compact">
        <div className="container narrow center">
          <p className="eyebrow">404</p>
          <h1>Halaman tidak ditemukan</h1>
          <p className="hero-lead">Maaf, halaman yang Anda cari tidak ada atau sudah dipindahkan.</p>
          <div className="cta-row center">
            <a href={PATHS.home} className="btn btn-primary">
              Kembali ke beranda
            </a>
            <a href={PATHS.help} className="btn btn-outline">
              Buka Help Center
            </a>
          </div>
        </div>
      </section>
    </main>
  );
}
