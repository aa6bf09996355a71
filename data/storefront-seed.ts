/**
 * The storefront as shipped (docs/spec.md#plan-ids): written into an empty
 * catalogue on first start. Contacts, checkout links, video ids and the earnings screenshot are
 * placeholders: the dashboard warns while any of them is still the value here.
 */
import type { PlanRow } from './storefront-plans';
import { TRIAL_DAYS_DEFAULT } from '../contract/rules/durations';

export type StorefrontContacts = {
  support_email: string;
  /** Digits, country code first, as wa.me wants them. */
  whatsapp_number: string;
  whatsapp_greeting: string;
  facebook_url: string;
  telegram_url: string;
};

/** The free LoopBOT trial (docs/spec.md#free-trial): on or off, and its length in days. */
export type StorefrontTrial = { enabled: boolean; days: number };

/** YouTube video ids (the part after `watch?v=`). */
export type StorefrontVideos = {
  loopbot_demo: string;
  loopstream_demo: string;
  tutorial_setup: string;
  tutorial_client_secret: string;
};

const CORE_PERKS = ['Semua fitur otomatisasi', '1 lisensi untuk 1 perangkat', 'Notifikasi Telegram'];
const CHECKOUT = 'https://lynk.id/loopbot/';
const NO_STREAMS = { streams_720p: null, streams_1080p: null, streams_4k: null, storage_gb: null };

type LoopBotSeed = [id: string, name: string, price: number, days: number | null, note: string, perks: string[]];

const LOOPBOT: LoopBotSeed[] = [
  [
    'trial-4-hari',
    'Trial 4 Hari',
    24_000,
    4,
    'Coba semua fitur sebelum berlangganan',
    [...CORE_PERKS, 'Bantuan pemasangan'],
  ],
  ['1-bulan', '1 Bulan', 150_000, 30, '', [...CORE_PERKS, 'Update gratis', 'Support 24/7']],
  ['3-bulan', '3 Bulan', 399_000, 90, '', [...CORE_PERKS, 'Update gratis', 'Support 24/7']],
  ['6-bulan', '6 Bulan', 699_000, 180, '', [...CORE_PERKS, 'Update gratis', 'Support prioritas']],
  [
    '1-tahun',
    '1 Tahun',
    999_000,
    365,
    '',
    [...CORE_PERKS, 'Update gratis', 'Support prioritas', 'Bonus konsultasi strategi channel'],
  ],
  [
    'lifetime',
    'Lifetime',
    2_499_000,
    null,
    'Sekali bayar, tanpa biaya bulanan',
    [...CORE_PERKS, 'Update seumur hidup', 'Support prioritas'],
  ],
];

type LoopStreamSeed = [set: number, price: number, streams: [number, number, number], storageGb: number];

const LOOPSTREAM: LoopStreamSeed[] = [
  [1, 250_000, [15, 10, 5], 40],
  [2, 275_000, [25, 17, 8], 60],
  [3, 349_000, [40, 25, 12], 80],
];

export const SEED_PLANS: readonly PlanRow[] = [
  ...LOOPBOT.map(([slug, name, price, days, note, perks]): PlanRow => ({
    id: `loopbot-${slug}`,
    product: 'loopbot',
    name,
    price_idr: price,
    duration_days: days,
    checkout_url: CHECKOUT + slug,
    available: days !== null,
    most_popular: slug === '1-tahun',
    lynk_titles: [`LoopBOT ${name}`],
    note,
    perks,
    ...NO_STREAMS,
  })),
  ...LOOPSTREAM.map(([set, price, [hd, fullHd, uhd], storage]): PlanRow => ({
    id: `loopstream-set-${set}`,
    product: 'loopstream',
    name: `Set ${set}`,
    price_idr: price,
    duration_days: 30,
    checkout_url: `${CHECKOUT}loopstream-set-${set}`,
    available: true,
    most_popular: set === 2,
    lynk_titles: [`LoopStream Set ${set}`],
    note: '',
    perks: [],
    streams_720p: hd,
    streams_1080p: fullHd,
    streams_4k: uhd,
    storage_gb: storage,
  })),
  {
    id: 'combo',
    product: 'combo',
    name: 'Combo LoopBOT + LoopStream',
    // LoopBOT 1 Bulan and LoopStream Set 2 together: nothing else fixes its price (docs/spec.md#plan-ids).
    price_idr: 425_000,
    duration_days: 30,
    checkout_url: `${CHECKOUT}combo-loopbot-loopstream`,
    available: true,
    most_popular: false,
    lynk_titles: ['Combo LoopBOT + LoopStream'],
    note: '',
    perks: [],
    ...NO_STREAMS,
  },
];

export const SEED_CONTACTS: StorefrontContacts = {
  support_email: 'support@loopbot.id',
  whatsapp_number: '6281234567890',
  whatsapp_greeting: 'Halo Admin, saya mau tanya tentang LoopBOT/LoopStream.',
  facebook_url: 'https://www.facebook.com/loopbot.id',
  telegram_url: 'https://t.me/loopbot_id',
};

/** A public sample video: a placeholder until the owner names theirs. */
const SAMPLE_VIDEO = 'M7lc1UVf-VE';

export const SEED_VIDEOS: StorefrontVideos = {
  loopbot_demo: SAMPLE_VIDEO,
  loopstream_demo: SAMPLE_VIDEO,
  tutorial_setup: SAMPLE_VIDEO,
  tutorial_client_secret: SAMPLE_VIDEO,
};

/** As shipped: the LoopBOT trial is on and lasts 3 days, no card needed. */
export const SEED_TRIAL: StorefrontTrial = { enabled: true, days: TRIAL_DAYS_DEFAULT };
