import type { LoopBotPlanName, LoopStreamPlanName } from './site-settings';

export type LoopBotPlan = {
  name: LoopBotPlanName;
  /** Price in rupiah. */
  price: number;
  /** Shown after the price as `/period`; none for a one-off payment. */
  period?: string;
  /** Effective monthly price, when the plan is longer than a month. */
  perMonth?: number;
  note?: string;
  perks: string[];
  popular?: boolean;
  /** Shown but not yet purchasable. */
  comingSoon?: boolean;
};

export type LoopStreamPlan = {
  name: LoopStreamPlanName;
  price: number;
  streams: { hd: number; fullHd: number; uhd: number };
  storageGb: number;
  popular?: boolean;
};

const CORE_PERKS = ['Semua fitur otomatisasi', '1 lisensi untuk 1 perangkat', 'Notifikasi Telegram'];

export const LOOPBOT_PLANS: LoopBotPlan[] = [
  { name: 'Trial 4 Hari', price: 24_000, period: '4 hari', note: 'Coba semua fitur sebelum berlangganan', perks: [...CORE_PERKS, 'Bantuan pemasangan'] },
  { name: '1 Bulan', price: 150_000, period: 'bulan', perks: [...CORE_PERKS, 'Update gratis', 'Support 24/7'] },
  { name: '3 Bulan', price: 399_000, period: '3 bulan', perMonth: 133_000, note: 'Hemat sekitar 11%', perks: [...CORE_PERKS, 'Update gratis', 'Support 24/7'] },
  { name: '6 Bulan', price: 699_000, period: '6 bulan', perMonth: 116_500, perks: [...CORE_PERKS, 'Update gratis', 'Support prioritas'] },
  { name: '1 Tahun', price: 999_000, period: 'tahun', perMonth: 83_250, popular: true, note: 'Paling hemat per bulan', perks: [...CORE_PERKS, 'Update gratis', 'Support prioritas', 'Bonus konsultasi strategi channel'] },
  { name: 'Lifetime', price: 2_499_000, note: 'Sekali bayar, tanpa biaya bulanan', comingSoon: true, perks: [...CORE_PERKS, 'Update seumur hidup', 'Support prioritas'] },
];

export const LOOPSTREAM_PLANS: LoopStreamPlan[] = [
  { name: 'Set 1', price: 250_000, streams: { hd: 15, fullHd: 10, uhd: 5 }, storageGb: 40 },
  { name: 'Set 2', price: 275_000, streams: { hd: 25, fullHd: 17, uhd: 8 }, storageGb: 60, popular: true },
  { name: 'Set 3', price: 349_000, streams: { hd: 40, fullHd: 25, uhd: 12 }, storageGb: 80 },
];
