/**
 * The storefront catalogue (docs/spec.md#catalogue): the plans with their prices and checkout links, the
 * contacts, the demo and tutorial videos and the earnings screenshot. Every public page is
 * rendered from it; the owner changes it in the dashboard's Storefront tab.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './call';
import { ADMIN_JSON_ERRORS, ADMIN_READ_ERRORS, ADMIN_WRITE_ERRORS } from './errors';
import { Answer, ErrorAnswer, Nullable, OneOf } from './schema';
import { ContactsInput, MAX_PRICE_IDR, PlanInput, TrialInput, VideosInput } from './storefront-input';
import type { SteadyOffset } from '../rules/shop-time';
import { PLAN_PRODUCTS } from '../rules/vocabulary';
import { TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../rules/durations';

const PLAN_FIELDS = {
  id: Type.String({ description: 'Stable slug: `loopbot-1-bulan`, `loopstream-set-2`, `combo`' }),
  product: OneOf(PLAN_PRODUCTS),
  name: Type.String(),
  price_idr: Type.Integer({ minimum: 1, maximum: MAX_PRICE_IDR, description: 'Whole rupiah' }),
  duration_days: Nullable(Type.Integer({ description: 'The licence length the plan sells; null for Lifetime' })),
  checkout_url: Type.String({ description: 'Marketplace checkout page; empty only when the plan is not available' }),
  available: Type.Boolean({ description: 'False: shown with a disabled button' }),
  most_popular: Type.Boolean(),
  lynk_titles: Type.Array(Type.String(), {
    description: 'Product titles of this plan on Lynk.id; a paid order names one',
  }),
  note: Type.String({
    description: 'One line under the price; the per-month price and saving are computed from the prices',
  }),
  perks: Type.Array(Type.String()),
  streams_720p: Nullable(Type.Integer({ description: 'LoopStream: streams at once at 720p' })),
  streams_1080p: Nullable(Type.Integer()),
  streams_4k: Nullable(Type.Integer()),
  storage_gb: Nullable(Type.Integer()),
};
export const StorefrontPlan = Answer(PLAN_FIELDS, { title: 'StorefrontPlan' });
export type StorefrontPlan = Static<typeof StorefrontPlan>;

/** A plan as anyone may read it: what the pages show, so without the shop's Lynk.id titles. */
const { lynk_titles: _ownerOnly, ...PUBLIC_PLAN_FIELDS } = PLAN_FIELDS;
export const PublicStorefrontPlan = Answer(PUBLIC_PLAN_FIELDS, { title: 'PublicStorefrontPlan' });

export const StorefrontContacts = Answer(
  {
    support_email: Type.String(),
    whatsapp_number: Type.String({ description: 'Digits, country code first, as wa.me wants them' }),
    whatsapp_greeting: Type.String({ description: 'Pre-filled in the WhatsApp chat' }),
    facebook_url: Type.String({ description: 'Empty: no Facebook link' }),
    telegram_url: Type.String({ description: 'Empty: no Telegram link' }),
  },
  { title: 'StorefrontContacts' },
);
export type StorefrontContacts = Static<typeof StorefrontContacts>;

export const StorefrontVideos = Answer(
  {
    loopbot_demo: Type.String({
      description: 'YouTube video id, with `?start=<seconds>` when the link named a start time',
    }),
    loopstream_demo: Type.String(),
    tutorial_setup: Type.String(),
    tutorial_client_secret: Type.String(),
  },
  { title: 'StorefrontVideos' },
);
export type StorefrontVideos = Static<typeof StorefrontVideos>;

export const EarningsImage = Answer(
  {
    webp_url: Type.String({ description: 'Under /images; a `?v=` names the uploaded version' }),
    small_webp_url: Type.String({ description: '640 px wide' }),
    png_url: Type.String({ description: 'Fallback for browsers without WEBP' }),
    width: Type.Integer(),
    height: Type.Integer(),
    placeholder: Type.Boolean({ description: 'True while the shipped sample screenshot is shown' }),
  },
  { title: 'EarningsImage' },
);
export type EarningsImage = Static<typeof EarningsImage>;

/** The free LoopBOT trial (docs/spec.md#free-trial): offered or not, and how many days it lasts. */
export const StorefrontTrial = Answer(
  {
    enabled: Type.Boolean({ description: 'Off: the trial form offers the paid trial instead' }),
    days: Type.Integer({ minimum: TRIAL_DAYS_MIN, maximum: TRIAL_DAYS_MAX }),
  },
  { title: 'StorefrontTrial' },
);
export type StorefrontTrial = Static<typeof StorefrontTrial>;

/** Everything of the catalogue but its plans, the same for the owner and for anyone. */
const CATALOGUE_PARTS = {
  contacts: StorefrontContacts,
  videos: StorefrontVideos,
  earnings_image: EarningsImage,
  trial: StorefrontTrial,
};

export const Storefront = Answer({ plans: Type.Array(StorefrontPlan), ...CATALOGUE_PARTS }, { title: 'Storefront' });
export type Storefront = Static<typeof Storefront>;

/** The catalogue as anyone may read it (docs/spec.md#catalogue): only what the public pages show. */
export const PublicStorefront = Answer(
  { plans: Type.Array(PublicStorefrontPlan), ...CATALOGUE_PARTS },
  { title: 'PublicStorefront' },
);
export type PublicStorefront = Static<typeof PublicStorefront>;

const INPUT_RULES = [
  'The whole catalogue as `GET /api/storefront/owner` (or, without Lynk titles, `GET /api/storefront`) gives it, changed where the owner changed it; nothing is saved unless all of it is valid.',
  '`plans` must name every plan exactly once (`plans[<id>].<field>` names a bad field). A plan on sale needs an http(s) `checkout_url`;',
  'a Lynk title (trimmed, any case) may belong to one plan only. `lynk_titles`, `note`, `perks` and the LoopStream counts keep their value when not sent;',
  'so do the optional contacts (an empty text removes a Facebook or Telegram link) and `trial`. `earnings_image`, if sent, is ignored.',
].join(' ');

/** Each save answers them too, so the Storefront tab's banner follows without a second GET. */
const Placeholders = Type.Array(Type.String(), {
  description:
    'What is still the shipped sample: `contacts.<field>`, `plans[<id>].checkout_url`, `videos.<field>`, `earnings_image`',
});

/** Every change answers with the catalogue as saved, so the admin needs no second read. */
const SavedAnswer = Answer({
  success: Type.Literal(true),
  message: Type.String(),
  storefront: Storefront,
  placeholders: Placeholders,
});

export const getStorefront = defineCall({
  id: 'getStorefront',
  method: 'GET',
  path: '/api/storefront',
  auth: 'public',
  tag: 'Storefront',
  summary: 'The storefront catalogue every public page shows',
  description:
    'Only what the pages show: the plans’ Lynk.id titles are the owner’s (GET /api/storefront/owner). ' +
    '`placeholders` names what is still the shipped sample: `contacts.<field>`, `plans[<id>].checkout_url`, `videos.<field>`, `earnings_image`.',
  answers: {
    200: Answer({ success: Type.Literal(true), storefront: PublicStorefront, placeholders: Placeholders }),
  },
});

export const getOwnerStorefront = defineCall({
  id: 'getOwnerStorefront',
  method: 'GET',
  path: '/api/storefront/owner',
  auth: 'admin',
  tag: 'Storefront',
  summary: 'The whole catalogue as the Storefront tab edits it, with each plan’s Lynk.id titles',
  description:
    '`placeholders` names what is still the shipped sample: `contacts.<field>`, `plans[<id>].checkout_url`, `videos.<field>`, `earnings_image`.',
  answers: {
    200: Answer({ success: Type.Literal(true), storefront: Storefront, placeholders: Placeholders }),
    ...ADMIN_READ_ERRORS,
  },
});

export const saveStorefront = defineCall({
  id: 'saveStorefront',
  method: 'PUT',
  path: '/api/storefront',
  auth: 'admin',
  tag: 'Storefront',
  summary: 'Change the catalogue; every public page shows it from the next request on',
  description: INPUT_RULES,
  body: Type.Object({
    plans: Type.Array(PlanInput),
    contacts: ContactsInput,
    videos: VideosInput,
    earnings_image: Type.Optional(
      Type.Unknown({ description: 'Ignored: the screenshot changes through POST /api/storefront/earnings-image' }),
    ),
    trial: Type.Optional(TrialInput),
  }),
  answers: {
    200: SavedAnswer,
    ...ADMIN_JSON_ERRORS,
  },
});

export const uploadEarningsImage = defineCall({
  id: 'uploadEarningsImage',
  method: 'POST',
  path: '/api/storefront/earnings-image',
  auth: 'admin',
  tag: 'Storefront',
  summary: 'Replace the earnings screenshot of the home page',
  description:
    'Multipart field `image`: PNG, JPEG or WEBP (else 415), at most 10 MB and 40 megapixels (else 413), as prompt images; kept whole ' +
    '(fitted within 1280×1280 px, never cropped: a phone screenshot stays tall) and served at the home page’s `/images/adsense-earnings.*` addresses (WEBP, a 640 px WEBP and a PNG fallback).',
  form: Type.Object({
    image: Type.String({ contentMediaType: 'application/octet-stream', description: 'A PNG, JPEG or WEBP file' }),
  }),
  answers: {
    200: SavedAnswer,
    ...ADMIN_WRITE_ERRORS,
    400: ErrorAnswer,
    413: ErrorAnswer,
    415: ErrorAnswer,
    429: ErrorAnswer,
  },
});

/** A plan as a public page shows it: Lynk.id titles are the shop's business, never a visitor's. */
export type PagePlan = Omit<StorefrontPlan, 'lynk_titles'>;

/**
 * What one public page carries of the catalogue (its JSON block), only what that page renders:
 * the contacts (every page's footer), and where shown the plans, videos, screenshot, the values of
 * the copy's catalogue tokens (`price:loopbot-trial-4-hari` → `Rp 24.000`) and the shop's date.
 */
export type PageStorefront = {
  contacts: StorefrontContacts;
  plans?: PagePlan[];
  videos?: Partial<StorefrontVideos>;
  earnings_image?: EarningsImage;
  copy?: Record<string, string>;
  /** The legal pages' "last updated": the day it was rendered, and the zone (and its offset) to read today in. */
  today?: { date: string; time_zone: string } & SteadyOffset;
  /** The free trial's switch and length, where it is offered (the home page and /loopbot). */
  trial?: StorefrontTrial;
  /** The shop's zone (TIME_ZONE), on a page that shows times (/lisensi). */
  time_zone?: string;
};
