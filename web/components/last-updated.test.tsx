import '../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from '../../test/render';
import { setStorefront } from '../content/storefront';
import { shopDay } from '../../contract/shop-time';
import { LastUpdated, longDay } from './last-updated';

test('longDay: Indonesian long date', () => {
  assert.is(longDay('2027-01-01'), '1 Januari 2027');
  assert.is(longDay('2026-11-22'), '22 November 2026');
});

test("LastUpdated: the rendered day, then today in the shop's zone", () => {
  setStorefront({
    contacts: { support_email: '', whatsapp_number: '', whatsapp_greeting: '', facebook_url: '', telegram_url: '' },
    today: { date: '2020-02-03', time_zone: 'Asia/Jakarta' },
  });
  const view = render(<LastUpdated />);
  const time = view.container.querySelector('[data-testid="last-updated"]');
  const today = shopDay(new Date(), 'Asia/Jakarta');
  assert.is(time?.getAttribute('datetime'), today);
  assert.is(time?.textContent, longDay(today));
  view.unmount();
  setStorefront(undefined);
});

test.run();
