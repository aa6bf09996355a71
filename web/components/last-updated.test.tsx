import '../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from '../../test/render';
import { setStorefront } from '../content/storefront';
import { LastUpdated, longDay, shopDay } from './last-updated';

test('shopDay: the day in the shop\'s zone, whatever the visitor\'s', () => {
  // 20:00 UTC on the 21st is already 03:00 on the 22nd in Jakarta, still the 21st in New York.
  assert.is(shopDay(new Date('2026-11-21T20:00:00Z'), 'Asia/Jakarta'), '2026-11-22');
  assert.is(shopDay(new Date('2026-11-21T16:59:00Z'), 'Asia/Jakarta'), '2026-11-21');
  assert.is(shopDay(new Date('2026-11-21T20:00:00Z'), 'America/New_York'), '2026-11-21');
  assert.is(shopDay(new Date('2026-11-21T15:30:00Z'), 'Asia/Jayapura'), '2026-11-22');
});

test('longDay: Indonesian long date', () => {
  assert.is(longDay('2027-01-01'), '1 Januari 2027');
  assert.is(longDay('2026-11-22'), '22 November 2026');
});

test('LastUpdated: the rendered day, then today in the shop\'s zone', () => {
  setStorefront({ contacts: { support_email: '', whatsapp_number: '', whatsapp_greeting: '', facebook_url: '', telegram_url: '' }, today: { date: '2020-02-03', time_zone: 'Asia/Jakarta' } });
  const view = render(<LastUpdated />);
  const time = view.container.querySelector('[data-testid="last-updated"]');
  const today = shopDay(new Date(), 'Asia/Jakarta');
  assert.is(time?.getAttribute('datetime'), today);
  assert.is(time?.textContent, longDay(today));
  view.unmount();
  setStorefront(undefined);
});

test.run();
