/**
 * `PUT /api/storefront`'s body read against the contract, field by field inside the plans and
 * objects, so a 400 names the exact field: `plans[loopbot-1-bulan].price_idr must be ...`.
 */
import { Type } from '@sinclair/typebox';
import type { Static, TObject } from '@sinclair/typebox';
import { checkFields } from '../../contract/calls/check-fields';
import { ContactsInput, PlanInput, TrialInput, VideosInput } from '../../contract/calls/storefront-input';
import type { StorefrontContacts, StorefrontTrial, StorefrontVideos } from '../../contract/calls/storefront';
import type { PlanChange, PlanRow } from '../../data/storefront-plans';
import { normalizeLynkTitle } from '../../data/storefront-plans';
import { HttpError } from '../http/http-error';
import { withoutPhoneMarks } from '../../contract/rules/phone-number';

/** `trial` undefined: the stored trial settings stay. */
export type StorefrontChange = {
  plans: PlanChange[];
  contacts: StorefrontContacts;
  videos: StorefrontVideos;
  trial?: StorefrontTrial;
};

const SHAPE = Type.Object({ plans: Type.Array(Type.Unknown()), contacts: Type.Object({}), videos: Type.Object({}) });

const bad = (message: string): HttpError => new HttpError(400, message);

/** Checks one object; a failure names it with `prefix` (`contacts.`, `plans[id].`). */
function checked<Schema extends TObject>(schema: Schema, input: unknown, prefix: string): Static<Schema> {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    throw bad(`${prefix.replace(/\.$/, '')} must be an object`);
  const outcome = checkFields<Static<Schema>>(schema, input as Record<string, unknown>);
  if (!outcome.ok) throw bad(prefix + outcome.error);
  return outcome.value;
}

/** `t=1h2m5s`, `t=65s`, `t=65`, `start=65` → 65; undefined when absent or unreadable. */
function startSeconds(query: string): number | undefined {
  const value = /(?:^|[?&#])(?:t|start)=([0-9hms]+)(?:&|$)/.exec(query)?.[1];
  if (!value) return undefined;
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value);
  if (!parts) return undefined;
  const seconds = Number(parts[1] ?? 0) * 3600 + Number(parts[2] ?? 0) * 60 + Number(parts[3] ?? 0);
  return seconds > 0 ? seconds : undefined;
}

/**
 * `youtu.be/ID`, `youtube.com/watch?v=ID`, `/embed/ID`, `/shorts/ID` or `/live/ID` give ID, and
 * `ID?start=<seconds>` when the link names a start time (`t=10s`, `t=1m5s`, `start=10`), so the
 * embed starts where the owner's link does. Anything else stays as sent.
 */
export function youtubeId(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  const trimmed = text.trim();
  const match = /(?:youtu\.be\/|[?&]v=|\/(?:embed|shorts|live)\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/.exec(trimmed);
  if (!match) return text;
  const start = startSeconds(trimmed);
  return start ? `${match[1]}?start=${start}` : match[1];
}

function withNormalizedContacts(contacts: unknown): unknown {
  if (!contacts || typeof contacts !== 'object') return contacts;
  const number = (contacts as { whatsapp_number?: unknown }).whatsapp_number;
  return typeof number === 'string' ? { ...contacts, whatsapp_number: withoutPhoneMarks(number) } : contacts;
}

function withNormalizedVideos(videos: unknown): unknown {
  if (!videos || typeof videos !== 'object') return videos;
  return Object.fromEntries(Object.entries(videos).map(([field, value]) => [field, youtubeId(value)]));
}

function planChange(input: Static<typeof PlanInput>, current: PlanRow): PlanChange {
  const label = `plans[${current.id}].`;
  for (const field of ['product', 'name', 'duration_days'] as const) {
    if (input[field] !== undefined && input[field] !== current[field]) throw bad(`${label}${field} cannot be changed`);
  }
  const checkoutUrl = input.checkout_url ?? '';
  if (input.available && checkoutUrl === '') throw bad(`${label}checkout_url is required for a plan on sale`);
  const counts = {
    streams_720p: input.streams_720p === undefined ? current.streams_720p : input.streams_720p,
    streams_1080p: input.streams_1080p === undefined ? current.streams_1080p : input.streams_1080p,
    streams_4k: input.streams_4k === undefined ? current.streams_4k : input.streams_4k,
    storage_gb: input.storage_gb === undefined ? current.storage_gb : input.storage_gb,
  };
  if (current.product === 'loopstream') {
    const missing = Object.entries(counts).find(([, value]) => value === null);
    if (missing) throw bad(`${label}${missing[0]} is required for a LoopStream plan`);
  }
  const titles = new Map<string, string>();
  for (const title of (input.lynk_titles ?? current.lynk_titles)
    .map((text) => text.trim().replace(/\s+/g, ' '))
    .filter(Boolean)) {
    titles.set(normalizeLynkTitle(title), titles.get(normalizeLynkTitle(title)) ?? title);
  }
  return {
    id: current.id,
    price_idr: input.price_idr,
    checkout_url: checkoutUrl,
    available: input.available,
    most_popular: input.most_popular,
    lynk_titles: [...titles.values()],
    note: input.note ?? current.note,
    perks: input.perks ? input.perks.map((perk) => perk.trim()).filter(Boolean) : current.perks,
    ...counts,
  };
}

/** Every plan exactly once, each valid, and no Lynk title shared by two plans. */
function checkPlans(inputs: unknown[], current: readonly PlanRow[]): PlanChange[] {
  const byId = new Map(current.map((plan) => [plan.id, plan]));
  const changes = new Map<string, PlanChange>();
  inputs.forEach((input, index) => {
    const id = (input as { id?: unknown } | null)?.id;
    const fields = checked(PlanInput, input, `plans[${typeof id === 'string' && id.trim() ? id.trim() : index}].`);
    const plan = byId.get(fields.id);
    if (!plan) throw bad(`plans[${index}].id: "${fields.id}" is not a plan of this shop`);
    if (changes.has(plan.id)) throw bad(`plans[${plan.id}] is sent twice`);
    changes.set(plan.id, planChange(fields, plan));
  });
  const missing = current.find((plan) => !changes.has(plan.id));
  if (missing) throw bad(`plans: ${missing.id} is missing (send every plan)`);
  const owners = new Map<string, string>();
  for (const change of changes.values()) {
    for (const title of change.lynk_titles) {
      const owner = owners.get(normalizeLynkTitle(title));
      if (owner) throw bad(`plans[${change.id}].lynk_titles: "${title}" is already a Lynk title of ${owner}`);
      owners.set(normalizeLynkTitle(title), change.id);
    }
  }
  return current.map((plan) => changes.get(plan.id)!);
}

export function checkStorefrontInput(
  raw: Record<string, unknown>,
  plans: readonly PlanRow[],
  contactsNow: StorefrontContacts,
): StorefrontChange {
  const shape = checkFields<Static<typeof SHAPE>>(SHAPE, raw);
  if (!shape.ok) throw bad(shape.error);
  const changedPlans = checkPlans(shape.value.plans, plans);
  const contacts = checked(ContactsInput, withNormalizedContacts(raw.contacts), 'contacts.');
  const videos = checked(VideosInput, withNormalizedVideos(raw.videos), 'videos.');
  const trial = raw.trial === undefined ? undefined : checked(TrialInput, raw.trial, 'trial.');
  return {
    ...(trial ? { trial: { enabled: trial.enabled, days: trial.days } } : {}),
    plans: changedPlans,
    contacts: {
      support_email: contacts.support_email,
      whatsapp_number: contacts.whatsapp_number,
      whatsapp_greeting: contacts.whatsapp_greeting ?? contactsNow.whatsapp_greeting,
      facebook_url: contacts.facebook_url ?? contactsNow.facebook_url,
      telegram_url: contacts.telegram_url ?? contactsNow.telegram_url,
    },
    videos,
  };
}
