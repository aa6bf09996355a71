import '../../test/happy-dom';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Router } from 'wouter';
import type { Prompt } from './prompt';
import { PromptsView } from './prompts-view';
import { searchPrompts } from './search-prompts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PROMPTS: Prompt[] = Array.from({ length: 30 }, (_, index) => ({
  id: index + 1,
  title: `${index % 2 ? 'Lofi' : 'Gaming'} Prompt ${index + 1}`,
  description: 'Deskripsi',
  prompt_template: `Template ${index + 1}`,
  prompt_music: index % 3 ? '' : `Music ${index + 1}`,
  image_path: null,
  created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, index)).toISOString(),
}));

/** A fake list endpoint: answers like the server, or refuses (success false), or fails like a dead network. */
const server = {
  mode: 'ok' as 'ok' | 'refuse' | 'fail',
  refuseSync: false,
  asked: [] as string[],
  everAsked: [] as string[],
};
const fakeFetch = async (input: string | URL | Request): Promise<Response> => {
  const url = new URL(String(input), 'http://localhost:3000');
  server.asked.push(url.pathname + url.search);
  server.everAsked.push(url.pathname + url.search);
  if (server.mode === 'fail') throw new TypeError('Failed to fetch');
  const isSync = url.searchParams.get('per_page') === '100';
  if (server.mode === 'refuse' || (isSync && server.refuseSync))
    return new Response(JSON.stringify({ success: false, error: 'Down' }), { status: 500 });
  const params = url.searchParams;
  const page = searchPrompts(
    PROMPTS,
    params.get('search') ?? '',
    Number(params.get('page')),
    Number(params.get('per_page')),
  );
  return new Response(JSON.stringify({ success: true, ...page }), { headers: { 'content-type': 'application/json' } });
};
globalThis.fetch = fakeFetch as typeof fetch;
window.fetch = fakeFetch as typeof fetch;

async function settle(check: () => boolean, what: string): Promise<void> {
  for (let round = 0; round < 150; round++) {
    if (check()) return;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
  throw new Error(`never happened: ${what}`);
}

const titles = (container: HTMLElement): string[] =>
  [...container.querySelectorAll('article.prompts-card h2')].map((node) => node.textContent ?? '');
const skeletons = (container: HTMLElement): number => container.querySelectorAll('.prompts-skeleton').length;
const button = (container: HTMLElement, name: string): HTMLButtonElement | undefined =>
  [...container.querySelectorAll('button')].find(
    (node) => (node.getAttribute('aria-label') ?? node.textContent) === name,
  );

let root: Root | undefined;
let container: HTMLElement;

/** Prerenders the page as the build does (path only, no query), then hydrates it at `url`. */
async function hydrateAt(url: string, errors: unknown[]): Promise<string> {
  const target = new URL(url, 'http://localhost:3000');
  const html = renderToString(
    <Router ssrPath={target.pathname} ssrSearch="">
      <PromptsView />
    </Router>,
  );
  history.replaceState(null, '', target.pathname + target.search);
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(
      container,
      <Router>
        <PromptsView />
      </Router>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  return html;
}

test.after.each(async () => {
  await act(async () => root?.unmount());
  container.remove();
  server.mode = 'ok';
  server.refuseSync = false;
  server.asked.length = 0;
});

test('PromptsView: a refused list call leaves the list as it was and ends loading', async () => {
  // With a fully synced cache, page 2 would show from it at once (stale-while-revalidate); a
  // refused sync keeps the cache partial, so only the network can answer.
  server.refuseSync = true;
  await hydrateAt('/prompts', []);
  await settle(() => titles(container).length === 12, 'the first page');
  const before = titles(container);
  server.mode = 'refuse';
  await act(async () => button(container, 'Halaman 2')?.click());
  await settle(() => server.asked.some((url) => url.includes('page=2&per_page=12')), 'the page 2 call');
  await settle(() => skeletons(container) === 0, 'loading to end');
  assert.equal(titles(container), before);
  assert.is(container.textContent?.includes('Anda sedang offline'), false, 'a refusal is not offline');
  assert.is(container.textContent?.includes('Tidak ada prompt ditemukan'), false);
});

test('PromptsView: the prerender shows 8 skeletons; hydrating it at an address with a query matches it', async () => {
  const errors: unknown[] = [];
  const html = await hydrateAt('/prompts?q=lofi&page=2', errors);
  assert.is(html.match(/prompts-skeleton"/g)?.length, 8);
  assert.match(html, /placeholder="Cari prompt\.\.\."/);
  await settle(() => titles(container).length > 0, 'cards');
  assert.equal(errors, [], 'no hydration mismatch');
  assert.is(container.querySelector<HTMLInputElement>('input[type="search"]')?.value, 'lofi');
  assert.ok(server.asked.includes('/api/prompt/list?page=2&per_page=12&search=lofi'), server.asked.join(' '));
  assert.equal(
    titles(container),
    searchPrompts(PROMPTS, 'lofi', 2).prompts.map((prompt) => prompt.title),
  );
  assert.is(button(container, 'Halaman 2')?.getAttribute('aria-current'), 'page');
});

test('PromptsView: without network, searches run over the synced prompts with a notice', async () => {
  await hydrateAt('/prompts', []);
  await settle(() => titles(container).length === 12, 'the first page');
  // The background sync (per_page=100) ran once a first page came in, in the test before.
  await settle(() => server.everAsked.some((url) => url.includes('per_page=100')), 'the background sync');
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  server.mode = 'fail';
  const input = container.querySelector<HTMLInputElement>('input[type="search"]')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'GAMING');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle(() => new URLSearchParams(location.search).get('q') === 'GAMING', 'the debounced URL');
  await settle(() => container.textContent?.includes('Anda sedang offline') === true, 'the offline notice');
  await settle(() => skeletons(container) === 0, 'loading to end');
  assert.equal(
    titles(container),
    searchPrompts(PROMPTS, 'gaming', 1).prompts.map((prompt) => prompt.title),
  );
  assert.is(button(container, 'Halaman 2')?.textContent, '2', '15 gaming prompts make 2 local pages');
});

test('PromptsView: typing is debounced into one URL change and one call, back on page 1', async () => {
  await hydrateAt('/prompts?page=2', []);
  await settle(() => titles(container).length > 0, 'cards');
  const input = container.querySelector<HTMLInputElement>('input[type="search"]')!;
  const historyLength = history.length;
  server.asked.length = 0;
  // Four keystrokes inside the debounce window (no waits between them: on a busy machine a real
  // 40 ms pause could stretch past the 300 ms window and rightly start a search of its own).
  for (const value of ['l', 'lo', 'lof', 'lofi']) {
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
  await settle(() => location.search === '?q=lofi', 'the debounced URL');
  await settle(() => skeletons(container) === 0 && titles(container).length > 0, 'the results');
  const calls = server.asked.filter((url) => url.includes('per_page=12'));
  assert.equal(calls, ['/api/prompt/list?page=1&per_page=12&search=lofi']);
  assert.is(history.length, historyLength + 1, 'one history entry for the search');
  assert.is(input.value, 'lofi');
});

test('PromptsView: copy feedback only after a successful clipboard write; a refusal is silent', async () => {
  let clipboard = '';
  let refuse = true;
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        if (refuse) throw new DOMException('denied', 'NotAllowedError');
        clipboard = text;
      },
    },
  });
  await hydrateAt('/prompts', []);
  await settle(() => titles(container).length === 12, 'the first page');
  const card = container.querySelector('article.prompts-card')!;
  const copyButton = (): HTMLButtonElement =>
    button(card as HTMLElement, 'Salin Template') ?? button(card as HTMLElement, 'Template Tersalin!')!;
  await act(async () => copyButton().click());
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  assert.is(copyButton().textContent, 'Salin Template', 'no feedback when the write is refused');
  assert.is(copyButton().disabled, false);
  assert.is(container.querySelector('[role="dialog"]'), null, 'the copy button does not open the modal');
  refuse = false;
  await act(async () => copyButton().click());
  await settle(() => copyButton().textContent === 'Template Tersalin!', 'the feedback');
  assert.is(copyButton().disabled, true);
  assert.is(clipboard, PROMPTS[PROMPTS.length - 1]!.prompt_template);
});

test.run();
