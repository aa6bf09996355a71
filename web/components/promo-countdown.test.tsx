import '../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installFakeTimers } from '../../test/fake-timers';
import type { FakeClock } from '../../test/fake-timers';
import { render, step } from '../../test/render';
import { PromoCountdown } from './promo-countdown';
import { PROMO_DURATION_MS, PROMO_END_KEY, readPromoEnd } from './promo-end';

let clock: FakeClock;
test.before.each(() => {
  localStorage.clear();
  clock = installFakeTimers();
});
test.after.each(() => clock.uninstall());

const shown = (container: HTMLElement): string =>
  [...container.querySelectorAll('.countdown-value')].map((node) => node.textContent).join(':');

test('readPromoEnd stores an end 24 h ahead and keeps it while it lies in the future', () => {
  const now = Date.now();
  const end = readPromoEnd(localStorage, now);
  assert.is(end, now + PROMO_DURATION_MS);
  assert.is(localStorage.getItem(PROMO_END_KEY), String(end));
  assert.is(readPromoEnd(localStorage, now + 1000), end);
});

test('readPromoEnd replaces a passed or unreadable end time', () => {
  localStorage.setItem(PROMO_END_KEY, String(Date.now() - 1));
  assert.is(readPromoEnd(localStorage, Date.now()), Date.now() + PROMO_DURATION_MS);
  localStorage.setItem(PROMO_END_KEY, 'rusak');
  assert.is(readPromoEnd(localStorage, Date.now()), Date.now() + PROMO_DURATION_MS);
  assert.is(readPromoEnd(undefined, 5), 5 + PROMO_DURATION_MS);
});

test('PromoCountdown starts at 24:00:00 and ticks every second as HH:MM:SS', () => {
  const view = render(<PromoCountdown />);
  try {
    assert.is(shown(view.container), '24:00:00');
    step(() => clock.tick(1000));
    assert.is(shown(view.container), '23:59:59');
    step(() => clock.tick(61_000));
    assert.is(shown(view.container), '23:58:58');
  } finally {
    view.unmount();
  }
});

test('PromoCountdown resumes from the stored end time after a reload', () => {
  localStorage.setItem(PROMO_END_KEY, String(Date.now() + (2 * 3600 + 5 * 60 + 9) * 1000));
  const view = render(<PromoCountdown />);
  try {
    assert.is(shown(view.container), '02:05:09');
  } finally {
    view.unmount();
  }
});

test('PromoCountdown restarts at 86400 seconds with a new stored end once the time is up', () => {
  const end = Date.now() + 2000;
  localStorage.setItem(PROMO_END_KEY, String(end));
  const view = render(<PromoCountdown />);
  try {
    assert.is(shown(view.container), '00:00:02');
    step(() => clock.tick(1000));
    assert.is(shown(view.container), '00:00:01');
    step(() => clock.tick(1000));
    assert.is(shown(view.container), '24:00:00');
    assert.is(localStorage.getItem(PROMO_END_KEY), String(end + PROMO_DURATION_MS));
    step(() => clock.tick(1000));
    assert.is(shown(view.container), '23:59:59');
  } finally {
    view.unmount();
  }
});

test.run();
