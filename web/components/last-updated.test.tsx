import '../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from '../../test/render';
import { LastUpdated, shopDate } from './last-updated';

test('shopDate: the day in Jakarta (WIB), whatever the visitor\'s zone', () => {
  // 20:00 UTC on the 21st is already 03:00 on the 22nd in Jakarta.
  assert.is(shopDate(new Date('2026-11-21T20:00:00Z')), '22 November 2026');
  assert.is(shopDate(new Date('2026-11-21T16:59:00Z')), '21 November 2026');
  assert.is(shopDate(new Date('2026-12-31T17:00:00Z')), '1 Januari 2027');
});

test('LastUpdated: today in the shop\'s zone, filled in after mounting', () => {
  const view = render(<LastUpdated />);
  assert.is(view.container.querySelector('[data-testid="last-updated"]')?.textContent, shopDate(new Date()));
  view.unmount();
});

test.run();
