import '../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, step } from '../../test/render';
import { SpintaxTester } from './spintax-tester';

function type(area: HTMLTextAreaElement, value: string): void {
  step(() => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

test('SpintaxTester counts combinations, shows variations and explains unbalanced braces', () => {
  const view = render(<SpintaxTester />);
  try {
    const area = view.container.querySelector('textarea')!;
    type(area, 'Halo {kak|bro|{om|tante}}!');
    assert.match(view.container.querySelector('.spintax-count')?.textContent ?? '', /^4 kombinasi/);
    const samples = [...view.container.querySelectorAll('.spintax-samples li')].map((node) => node.textContent);
    assert.is(samples.length, 3);
    for (const sample of samples)
      assert.ok(['Halo kak!', 'Halo bro!', 'Halo om!', 'Halo tante!'].includes(sample ?? ''), String(sample));
    type(area, 'Halo {kak|bro');
    assert.match(view.container.querySelector('[role="alert"]')?.textContent ?? '', /belum ditutup.*karakter ke-6/);
    assert.is(view.container.querySelector('.spintax-count'), null);
  } finally {
    view.unmount();
  }
});

test.run();
