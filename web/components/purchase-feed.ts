import { ACTIONS, CITIES, FIRST_NAMES, PRODUCTS } from '../content/purchase-names';

export type PurchaseNotification = {
  id: number;
  name: string;
  location: string;
  product: string;
  action: string;
  /** When it appeared (ms). */
  timestamp: number;
  /** How long ago the purchase supposedly happened when it appeared (seconds). */
  baseTime: number;
};

export type FeedTiming = {
  firstDelay: readonly [number, number];
  nextDelay: readonly [number, number];
  visibleFor: readonly [number, number];
  maxShown: number;
};

export const FEED_TIMING: FeedTiming = {
  firstDelay: [3000, 8000],
  nextDelay: [8000, 18000],
  visibleFor: [4000, 7000],
  maxShown: 5,
};
const DEDUPE_TRIES = 50;
const MEMORY_LIMIT = 100;

export type Random = () => number;

/** Whole number in [min, max]. */
export function between(random: Random, [min, max]: readonly [number, number]): number {
  return min + Math.floor(random() * (max - min + 1));
}

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] ?? list[0]!;
}

/**
 * Makes notifications that avoid repeating a name/product/city combination: up to 50 tries for an
 * unseen one; the memory is cleared once it holds more than 100 combinations.
 */
export function createNotificationMaker(random: Random): (now: number) => PurchaseNotification {
  const seen = new Set<string>();
  let nextId = 1;
  return (now) => {
    let name = '';
    let location = '';
    let product = '';
    for (let attempt = 0; attempt < DEDUPE_TRIES; attempt++) {
      name = pick(random, FIRST_NAMES);
      location = pick(random, CITIES);
      product = pick(random, PRODUCTS);
      if (!seen.has(`${name}|${product}|${location}`)) break;
    }
    if (seen.size > MEMORY_LIMIT) seen.clear();
    seen.add(`${name}|${product}|${location}`);
    return {
      id: nextId++,
      name,
      location,
      product,
      action: pick(random, ACTIONS),
      timestamp: now,
      baseTime: between(random, [20, 9 * 60]),
    };
  };
}

/** 'x menit y detik yang lalu' (minutes only when there are any). */
export function relativeTimeText(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  return minutes > 0 ? `${minutes} menit ${seconds} detik yang lalu` : `${seconds} detik yang lalu`;
}

/** Seconds since the purchase, for a notification shown at `now`. */
export function secondsAgo(item: PurchaseNotification, now: number): number {
  return item.baseTime + Math.max(0, now - item.timestamp) / 1000;
}

/**
 * Runs the schedule: first after 3–8 s, then every 8–18 s; each stays 4–7 s; never more than 5.
 * Calls `onChange` with the visible list; returns a stop function.
 */
export function startPurchaseFeed(
  onChange: (items: PurchaseNotification[]) => void,
  random: Random = Math.random,
  timing: FeedTiming = FEED_TIMING,
): () => void {
  const make = createNotificationMaker(random);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let items: PurchaseNotification[] = [];
  let stopped = false;
  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run();
    }, ms);
    timers.add(timer);
  };
  const show = (): void => {
    const item = make(Date.now());
    items = [...items, item].slice(-timing.maxShown);
    onChange(items);
    later(between(random, timing.visibleFor), () => {
      items = items.filter((other) => other.id !== item.id);
      onChange(items);
    });
    later(between(random, timing.nextDelay), show);
  };
  later(between(random, timing.firstDelay), show);
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}

export type Box = { top: number; right: number; bottom: number; left: number };

/** Gap kept between a notification and anything it must not cover. */
export const CLEARANCE = 8;

/** True when `feed` (grown by CLEARANCE) overlaps one of `others`; empty boxes never count. */
export function coversAny(feed: Box, others: readonly Box[]): boolean {
  if (feed.bottom <= feed.top || feed.right <= feed.left) return false;
  return others.some(
    (box) =>
      box.bottom > box.top &&
      box.right > box.left &&
      box.left < feed.right + CLEARANCE &&
      box.right > feed.left - CLEARANCE &&
      box.top < feed.bottom + CLEARANCE &&
      box.bottom > feed.top - CLEARANCE,
  );
}
