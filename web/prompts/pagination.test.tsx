import '../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, step } from '../../test/render';
import { Pagination } from './pagination';

const texts = (elements: Iterable<Element>): string[] => [...elements].map((element) => element.textContent ?? '');

test('Pagination: "Sebelumnya", the numbers in their own group, "Selanjutnya"; steps disabled at the ends', () => {
  const asked: number[] = [];
  const view = render(<Pagination page={5} pages={10} onPage={(page) => asked.push(page)} />);
  try {
    const nav = view.container.querySelector('nav')!;
    assert.is(nav.getAttribute('aria-label'), 'Halaman prompt');
    assert.equal(texts(nav.children), ['Sebelumnya', '1...456...10', 'Selanjutnya']);
    const [previous, numbers, next] = [...nav.children] as [HTMLButtonElement, HTMLElement, HTMLButtonElement];
    assert.ok(numbers.classList.contains('prompts-page-numbers'));
    assert.ok(previous.classList.contains('prompts-page-previous') && next.classList.contains('prompts-page-next'));
    assert.equal(texts(numbers.querySelectorAll('button')), ['1', '4', '5', '6', '10']);
    assert.is(numbers.querySelector('[aria-current="page"]')?.textContent, '5');
    step(() => previous.click());
    step(() => next.click());
    step(() => numbers.querySelector<HTMLButtonElement>('[aria-label="Halaman 10"]')!.click());
    assert.equal(asked, [4, 6, 10]);
  } finally {
    view.unmount();
  }
  for (const [page, disabled] of [
    [1, [true, false]],
    [3, [false, true]],
  ] as const) {
    const edge = render(<Pagination page={page} pages={3} onPage={() => undefined} />);
    try {
      const steps = [...edge.container.querySelectorAll<HTMLButtonElement>('.prompts-page-step')];
      assert.equal(
        steps.map((button) => button.disabled),
        disabled,
        `page ${page}`,
      );
    } finally {
      edge.unmount();
    }
  }
  const single = render(<Pagination page={1} pages={1} onPage={() => undefined} />);
  assert.is(single.container.innerHTML, '', 'one page: no pager');
  single.unmount();
});

test.run();
