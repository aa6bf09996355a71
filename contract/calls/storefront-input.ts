/**
 * The catalogue as the owner sends it back (saveStorefront in contract/calls/storefront.ts): each part's
 * checks, with the message a bad field answers.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Text } from './schema';
import { EMAIL_PATTERN } from '../rules/addresses';
import { HTTP_ADDRESS } from '../rules/addresses';
import { WHATSAPP_NUMBER } from '../rules/phone-number';
import { TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../rules/durations';

/** An 11-character id, and the start time in seconds when the owner's link named one. */
const YOUTUBE_ID = '^[A-Za-z0-9_-]{11}(\\?start=[1-9][0-9]{0,5})?$';
export const MAX_PRICE_IDR = 1_000_000_000;

const httpAddress = (field: string, maxLength = 500) =>
  Text({ maxLength, pattern: HTTP_ADDRESS, 'x-invalid': `${field} must be an http:// or https:// address` });

const count = (field: string) =>
  Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, maximum: 100_000 }), Type.Null()], {
      'x-invalid': `${field} must be a whole number from 0`,
    }),
  );

const PRICE_RULE = 'price_idr must be a positive whole number up to 1,000,000,000';

/** One plan as the owner sends it back; id, product, name and duration cannot change. */
export const PlanInput = Type.Object({
  id: Text({ maxLength: 100 }),
  product: Type.Optional(Type.String({ description: 'If sent, must be the plan’s own' })),
  name: Type.Optional(Type.String({ description: 'If sent, must be the plan’s own' })),
  duration_days: Type.Optional(Nullable(Type.Integer({ description: 'If sent, must be the plan’s own' }))),
  price_idr: Type.Integer({ minimum: 1, maximum: MAX_PRICE_IDR, 'x-invalid': PRICE_RULE, 'x-type': PRICE_RULE }),
  checkout_url: Type.Optional(httpAddress('checkout_url')),
  available: Type.Boolean(),
  most_popular: Type.Boolean(),
  lynk_titles: Type.Optional(
    Type.Array(Type.String({ maxLength: 200 }), {
      maxItems: 20,
      'x-invalid': 'lynk_titles must be a list of at most 20 texts of up to 200 characters',
      description: 'Keeps its value when not sent (the public catalogue leaves it out)',
    }),
  ),
  note: Type.Optional(Text({ maxLength: 200 })),
  perks: Type.Optional(
    Type.Array(Type.String({ maxLength: 200 }), {
      maxItems: 12,
      'x-invalid': 'perks must be a list of at most 12 texts of up to 200 characters',
    }),
  ),
  streams_720p: count('streams_720p'),
  streams_1080p: count('streams_1080p'),
  streams_4k: count('streams_4k'),
  storage_gb: count('storage_gb'),
});

export const ContactsInput = Type.Object({
  support_email: Text({
    maxLength: 254,
    pattern: EMAIL_PATTERN,
    'x-invalid': 'support_email must be a valid e-mail address',
  }),
  whatsapp_number: Text({
    pattern: WHATSAPP_NUMBER.source,
    'x-invalid': 'whatsapp_number must be 8 to 15 digits, country code first (62 for Indonesia, not 0), as wa.me wants',
    description: 'Spaces, dashes, brackets and a leading + are dropped first',
  }),
  whatsapp_greeting: Type.Optional(Text({ maxLength: 300 })),
  facebook_url: Type.Optional(httpAddress('facebook_url')),
  telegram_url: Type.Optional(httpAddress('telegram_url')),
});

const video = (field: string) =>
  Text({
    pattern: YOUTUBE_ID,
    'x-invalid': `${field} must be a YouTube video id (11 characters) or a YouTube link`,
    description: 'A YouTube link is read for its id (and start time, as `ID?start=65`) first',
  });

export const VideosInput = Type.Object({
  loopbot_demo: video('loopbot_demo'),
  loopstream_demo: video('loopstream_demo'),
  tutorial_setup: video('tutorial_setup'),
  tutorial_client_secret: video('tutorial_client_secret'),
});

const TRIAL_DAYS = `days must be a whole number of days from ${TRIAL_DAYS_MIN} to ${TRIAL_DAYS_MAX}`;

export const TrialInput = Type.Object({
  enabled: Type.Boolean(),
  days: Type.Integer({
    minimum: TRIAL_DAYS_MIN,
    maximum: TRIAL_DAYS_MAX,
    'x-invalid': TRIAL_DAYS,
    'x-type': TRIAL_DAYS,
  }),
});
