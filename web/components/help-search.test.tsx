import '../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { render, step } from '../../test/render';
import { countQuestions, filterFaq, resultCountText } from './faq-search';
import { HELP_FAQ } from '../content/faq';
import { HelpSearch } from './help-search';

function renderHelp(): ReturnType<typeof render> {
  return render(
    <Router hook={memoryLocation({ path: '/help' }).hook}>
      <HelpSearch />
    </Router>,
  );
}

function type(input: HTMLInputElement, value: string): void {
  step(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const categoryTitles = (container: HTMLElement): string[] =>
  [...container.querySelectorAll('.faq-category-title')].map((node) => node.textContent?.trim() ?? '');
const questionButtons = (container: HTMLElement): HTMLButtonElement[] => [
  ...container.querySelectorAll<HTMLButtonElement>('.faq-question button'),
];

test('filterFaq matches question, answer or category name, case-insensitively, and hides empty categories', () => {
  assert.is(filterFaq(HELP_FAQ, '').length, 4);
  assert.equal(
    filterFaq(HELP_FAQ, 'QRIS').map((category) => category.id),
    ['billing'],
  );
  const byName = filterFaq(HELP_FAQ, 'pembayaran & BILLING');
  assert.equal(
    byName.map((category) => category.id),
    ['billing'],
  );
  assert.is(byName[0]?.questions.length, HELP_FAQ.find((category) => category.id === 'billing')?.questions.length);
  const byAnswer = filterFaq(HELP_FAQ, 'aes-256');
  assert.equal(
    byAnswer.map((category) => category.questions.length),
    [1],
  );
  assert.equal(filterFaq(HELP_FAQ, 'zzqx tidak ada'), []);
});

test('HelpSearch search narrows the FAQ and shows "Tidak ditemukan hasil" with a Tanya Admin link', () => {
  const view = renderHelp();
  try {
    const input = view.container.querySelector<HTMLInputElement>('input[type="search"]')!;
    assert.is(input.placeholder, 'Cari pertanyaan atau topik...');
    assert.equal(categoryTitles(view.container), [
      'LoopBOT',
      'LoopStream',
      'Pembayaran & Billing',
      'Technical Support',
    ]);
    type(input, 'UPTIME');
    assert.equal(categoryTitles(view.container), ['LoopStream']);
    assert.is(questionButtons(view.container).length, 1);
    type(input, 'qwertyuiop');
    assert.equal(categoryTitles(view.container), []);
    assert.match(view.container.textContent ?? '', 'Tidak ditemukan hasil');
    const ask = [...view.container.querySelectorAll('a')].find((link) => link.textContent === 'Tanya Admin');
    assert.ok(ask);
    assert.match(ask!.getAttribute('href') ?? '', /^https:\/\/wa\.me\//);
    assert.is(ask!.getAttribute('target'), '_blank');
    type(input, '');
    assert.is(categoryTitles(view.container).length, 4);
  } finally {
    view.unmount();
  }
});

test('HelpSearch keeps at most one question open; clicking the open one closes it', () => {
  const view = renderHelp();
  try {
    const expanded = (): string[] =>
      questionButtons(view.container)
        .filter((button) => button.getAttribute('aria-expanded') === 'true')
        .map((button) => button.textContent ?? '');
    const [first, second] = [questionButtons(view.container)[0]!, questionButtons(view.container)[7]!];
    step(() => first.click());
    assert.equal(expanded(), [first.textContent]);
    step(() => second.click());
    assert.equal(expanded(), [second.textContent], 'opening another closes the first, across categories');
    step(() => second.click());
    assert.equal(expanded(), []);
    const panel = view.container.querySelector(`#${CSS.escape(second.getAttribute('aria-controls')!)}`);
    assert.ok(panel?.hasAttribute('hidden'));
  } finally {
    view.unmount();
  }
});

test('resultCountText reads \'3 hasil untuk "refund"\' and is empty without a query', () => {
  assert.is(resultCountText(3, 'refund'), '3 hasil untuk "refund"');
  assert.is(resultCountText(0, '  xyz  '), '0 hasil untuk "xyz"');
  assert.is(resultCountText(5, '   '), '');
  assert.is(
    countQuestions(HELP_FAQ),
    HELP_FAQ.reduce((total, category) => total + category.questions.length, 0),
  );
  assert.is(countQuestions(filterFaq(HELP_FAQ, 'aes-256')), 1);
});

test('HelpSearch announces the count in a status region and, while searching, puts the results right under the field', () => {
  const view = renderHelp();
  try {
    const input = view.container.querySelector<HTMLInputElement>('input[type="search"]')!;
    const status = view.container.querySelector('[role="status"]')!;
    const sectionAfterHero = (): string =>
      view.container.querySelector(':scope > section:nth-of-type(2)')?.classList.contains('faq-section')
        ? 'faq'
        : 'contacts';
    assert.is(status.textContent, '');
    assert.is(input.getAttribute('aria-describedby'), status.id);
    assert.is(
      sectionAfterHero(),
      'contacts',
      'without a query the contact cards come first (docs/spec.md#help-centre)',
    );
    input.focus();
    type(input, 'refund');
    assert.is(status.textContent, `${questionButtons(view.container).length} hasil untuk "refund"`);
    assert.is(sectionAfterHero(), 'faq');
    assert.is(document.activeElement, input, 'focus stays in the field');
    type(input, 'qwertyuiop');
    assert.is(status.textContent, '0 hasil untuk "qwertyuiop"');
    assert.is(view.container.querySelectorAll('[role="status"]').length, 1, 'one live region, not two');
    type(input, '');
    assert.is(status.textContent, '');
    assert.is(sectionAfterHero(), 'contacts');
  } finally {
    view.unmount();
  }
});

test.run();
