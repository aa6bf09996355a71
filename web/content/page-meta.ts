import { formatRupiah } from '../format';
import { PATHS, PUBLIC_PAGES } from '../../contract/rules/paths';
import type { PublicPage } from '../../contract/rules/paths';
import { lowestPrice } from './plans';
import { plansOf } from './storefront';
import type { PlanProduct } from './storefront';

export type PageMeta = { path: string; file: string; title: string; description: string };

/**
 * Title and description of every public page; the server renderer and client navigation share
 * them. `{loopbot_from}` and `{loopstream_from}` are the lowest prices of the catalogue.
 */
const META: Record<PublicPage, Omit<PageMeta, 'path'>> = {
  home: {
    file: 'index.html',
    title: 'LoopBOT & LoopStream: Otomatisasi Live Streaming YouTube 24/7',
    description:
      'Jadwalkan dan jalankan live YouTube otomatis di banyak channel. LoopBOT dan LoopStream membuat channel Anda online 24/7 dengan support 24/7.',
  },
  loopBot: {
    file: 'loopbot.html',
    title: 'LoopBOT: Software Otomatisasi Live YouTube | Harga mulai {loopbot_from}',
    description:
      'LoopBOT menjadwalkan, memulai, dan mengakhiri live YouTube otomatis, merotasi judul dan deskripsi, dengan notifikasi Telegram. Garansi 30 hari.',
  },
  loopStream: {
    file: 'loopstream.html',
    title: 'LoopStream: Streaming Cloud YouTube 24/7 Tanpa PC',
    description:
      'Upload video, atur jadwal, dan biarkan server dedicated kami live 24/7 dengan uptime 99,9%. Paket mulai {loopstream_from}/bulan.',
  },
  prompts: {
    file: 'prompts.html',
    title: 'Koleksi Prompt AI untuk Kreator YouTube | LoopBOT',
    description:
      'Kumpulan template prompt AI dan prompt musik gratis untuk kreator YouTube. Cari, salin, dan pakai langsung.',
  },
  tutorial: {
    file: 'tutorial.html',
    title: 'Tutorial LoopBOT: Setup, Client Secret JSON, dan Pengaturan',
    description:
      'Panduan langkah demi langkah memakai LoopBOT: membuat client secret JSON, mengatur durasi dan delay, serta menyiapkan file judul, deskripsi, dan thumbnail.',
  },
  help: {
    file: 'help.html',
    title: 'Help Center LoopBOT & LoopStream',
    description:
      'Jawaban seputar LoopBOT, LoopStream, pembayaran, dan bantuan teknis. Hubungi support 24/7 lewat WhatsApp atau e-mail.',
  },
  privacyPolicy: {
    file: 'privacy-policy.html',
    title: 'Kebijakan Privasi | LoopBOT & LoopStream',
    description:
      'Bagaimana LoopBOT dan LoopStream mengumpulkan, memakai, dan melindungi data Anda, serta hak Anda atas data pribadi.',
  },
  termsOfUse: {
    file: 'terms-of-use.html',
    title: 'Syarat Penggunaan | LoopBOT & LoopStream',
    description:
      'Ketentuan penggunaan LoopBOT dan LoopStream: lisensi, pembayaran, garansi, batasan tanggung jawab, dan penghentian layanan.',
  },
  licenses: {
    file: 'lisensi.html',
    title: 'Lisensi Saya: Cek Masa Aktif dan Perangkat | LoopBOT',
    description:
      'Cek masa aktif lisensi LoopBOT, perangkat yang terhubung, akses LoopStream, dan pesanan Anda. Masuk dengan tautan yang dikirim ke e-mail, tanpa kata sandi.',
  },
};

export const PAGE_META: PageMeta[] = PUBLIC_PAGES.map((page) => ({ path: PATHS[page], ...META[page] }));

export const NOT_FOUND_META: PageMeta = {
  path: '/404',
  file: '404.html',
  title: 'Halaman tidak ditemukan | LoopBOT',
  description: 'Halaman yang Anda cari tidak ada. Kembali ke beranda LoopBOT & LoopStream.',
};

const PRICE_TOKEN = /\{(loopbot|loopstream)_from\}/g;
const HAS_PRICE = /\{(?:loopbot|loopstream)_from\}/;

function withPrices(text: string): string {
  return text.replace(PRICE_TOKEN, (_token, product: PlanProduct) => {
    const price = lowestPrice(plansOf(product));
    return price === undefined ? '' : formatRupiah(price);
  });
}

export function metaFor(path: string): PageMeta {
  const meta = PAGE_META.find((item) => item.path === path) ?? NOT_FOUND_META;
  if (!HAS_PRICE.test(meta.title + meta.description)) return meta;
  return { ...meta, title: withPrices(meta.title), description: withPrices(meta.description) };
}
