import '../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installFakeTimers } from '../../test/fake-timers';
import type { FakeClock } from '../../test/fake-timers';
import { render, step } from '../../test/render';
import { VisitorCounter } from './visitor-counter';

let clock: FakeClock;
test.before.each(() => {
  clock = installFakeTimers();
});
test.after.each(() => clock.uninstall());

test('VisitorCounter counts from 0 in steps of 50 every 50 ms, then shows 1000+ and stops', () => {
  const view = render(<VisitorCounter />);
  const count = (): string | null | undefined =>
    view.container.querySelector('[data-testid="visitor-count"]')?.textContent;
  try {
    assert.is(count(), '0');
    step(() => clock.tick(50));
    assert.is(count(), '50');
    step(() => clock.tick(49));
    assert.is(count(), '50');
    step(() => clock.tick(1));
    assert.is(count(), '100');
    step(() => clock.tick(50 * 17));
    assert.is(count(), '950');
    step(() => clock.tick(50));
    assert.is(count(), '1000+');
    step(() => clock.tick(5000));
    assert.is(count(), '1000+');
    assert.is(clock.pending(), 0, 'the interval is cleared at the target');
  } finally {
    view.unmount();
  }
});

test('VisitorCounter shows 1000+ at once when the visitor prefers reduced motion', () => {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) =>
    ({ matches: query.includes('reduce'), media: query }) as MediaQueryList) as typeof window.matchMedia;
  const view = render(<VisitorCounter />);
  try {
    assert.is(view.container.querySelector('[data-testid="visitor-count"]')?.textContent, '1000+');
    assert.is(clock.pending(), 0);
  } finally {
    view.unmount();
    window.matchMedia = original;
  }
});

test.run();
