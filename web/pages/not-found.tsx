import type { ReactElement } from 'react';

export default function NotFoundPage(): ReactElement {
  return (
    <main>
      <h1>Halaman tidak ditemukan</h1>
      <p>
        Maaf, halaman yang Anda cari tidak ada. <a href="/">Kembali ke beranda</a>
      </p>
    </main>
  );
}
