import '../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from '../../test/render';
import { setStorefront } from '../content/storefront';
import type { PageStorefront } from '../../contract/calls/storefront';
import { dayAtOffset, shopDay } from '../../contract/rules/shop-time';
import { LastUpdated, longDay } from './last-updated';

test('longDay: Indonesian long date', () => {
  assert.is(longDay('2027-01-01'), '1 Januari 2027');
  assert.is(longDay('2026-11-22'), '22 November 2026');
});

const CONTACTS = { support_email: '', whatsapp_number: '', whatsapp_greeting: '', facebook_url: '', telegram_url: '' };

function shownDay(today: PageStorefront['today']): { day: string | null | undefined; text: string | null | undefined } {
  setStorefront({ contacts: CONTACTS, today });
  const view = render(<LastUpdated />);
  const time = view.container.querySelector('[data-testid="last-updated"]');
  const shown = { day: time?.getAttribute('datetime'), text: time?.textContent };
  view.unmount();
  setStorefront(undefined);
  return shown;
}

test("LastUpdated: the rendered day, then today in the shop's zone, from the offset the page carries", () => {
  const now = Date.now();
  // An offset a whole day ahead of Jakarta's, held for a day: the day shown is read from it, so it
  // is tomorrow in Jakarta (Intl would give today).
  const shown = shownDay({
    date: '2020-02-03',
    time_zone: 'Asia/Jakarta',
    offset_minutes: (7 + 24) * 60,
    until: new Date(now + 86_400_000).toISOString(),
  });
  const today = dayAtOffset(Date.now(), (7 + 24) * 60);
  assert.is.not(today, shopDay(new Date(), 'Asia/Jakarta'));
  assert.is(shown.day, today);
  assert.is(shown.text, longDay(today));
});

test('LastUpdated: once the offset may have changed, today from the zone itself', () => {
  const shown = shownDay({
    date: '2020-02-03',
    time_zone: 'Asia/Jakarta',
    offset_minutes: 14 * 60,
    until: '2020-02-04T00:00:00.000Z',
  });
  const today = shopDay(new Date(), 'Asia/Jakarta');
  assert.is(shown.day, today);
  assert.is(shown.text, longDay(today));
});

test.run();
