import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChangeEvent, ReactElement } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SearchField } from '../components/search-field';
import { useTypedBeforeHydration } from '../components/typed-before-hydration';
import { OfflineNotice } from '../offline/offline-notice';
import { Pagination } from './pagination';
import type { Prompt } from './prompt';
import { PromptCard } from './prompt-card';
import { PromptModal } from './prompt-modal';
import { PromptSkeletons } from './prompt-skeleton';
import { formatPromptsQuery, parsePromptsQuery } from './prompts-query';
import { useCopyFeedback } from './use-copy-feedback';
import { useHydrated } from './use-hydrated';
import { usePromptList } from './use-prompt-list';

const SEARCH_DEBOUNCE_MS = 300;
// Cards in view on arrival on most screens; their images load at once, the rest lazily.
const EAGER_IMAGES = 2;

/**
 * The /prompts page's content (docs/spec.md#prompt-collection-page), an island inside its `<main>`; its
 * stylesheet is imported by pages/prompts.tsx.
 */
export function PromptsView(): ReactElement {
  const hydrated = useHydrated();
  const urlSearch = useSearch();
  const [path, navigate] = useLocation();
  const query = hydrated ? parsePromptsQuery(urlSearch) : undefined;
  const list = usePromptList(query);
  const feedback = useCopyFeedback();
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<Prompt | undefined>();
  const pushed = useRef<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchRef = useRef<HTMLInputElement>(null);
  // Text typed before hydration is searched at once; the address then names it, so the URL
  // effect below finds it already shown instead of emptying the box.
  useTypedBeforeHydration(searchRef, text, (typed) => {
    pushed.current = typed;
    setText(typed);
    navigate(path + formatPromptsQuery({ search: typed, page: 1 }), { replace: true });
  });

  // The URL is the source of truth: it fills the box on arrival and on back/forward, but not
  // while it only echoes what was just typed (that would eat keys typed since).
  const urlText = query?.search;
  useEffect(() => {
    if (urlText === undefined || urlText === pushed.current) return;
    pushed.current = urlText;
    setText(urlText);
  }, [urlText]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onType = (event: ChangeEvent<HTMLInputElement>): void => {
    const value = event.target.value;
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      pushed.current = value;
      // Typing back to the address already shown adds no history entry.
      if (query && query.search === value && query.page === 1) return;
      navigate(path + formatPromptsQuery({ search: value, page: 1 }));
    }, SEARCH_DEBOUNCE_MS);
  };

  const onPage = (page: number): void => {
    navigate(path + formatPromptsQuery({ search: query?.search ?? '', page }));
    window.scrollTo({ top: 0 });
  };

  const close = useCallback(() => setSelected(undefined), []);
  const empty = !list.loading && list.prompts.length === 0;

  return (
    <>
      <header className="prompts-hero">
        <h1>Koleksi Prompt AI</h1>
        <p>
          Template prompt dan prompt musik siap pakai untuk konten live streaming YouTube Anda. Cari, salin, lalu
          gunakan langsung di tools AI favorit Anda.
        </p>
      </header>
      <form className="prompts-search" role="search" onSubmit={(event) => event.preventDefault()}>
        <SearchField
          id="prompts-search-input"
          label="Cari prompt"
          placeholder="Cari prompt..."
          value={text}
          onChange={onType}
          inputRef={searchRef}
        />
      </form>
      {list.offline && <OfflineNotice />}
      <div className="prompts-results">
        <div className="prompts-grid" aria-busy={list.loading}>
          {list.loading ? (
            <PromptSkeletons />
          ) : (
            list.prompts.map((prompt, index) => (
              <PromptCard
                key={prompt.id}
                prompt={prompt}
                feedback={feedback}
                onOpen={setSelected}
                eagerImage={index < EAGER_IMAGES}
              />
            ))
          )}
        </div>
        {empty && (
          <div className="prompts-empty" role="status">
            <p className="prompts-empty__title">Tidak ada prompt ditemukan</p>
            <p>Coba ubah kata kunci pencarian Anda.</p>
          </div>
        )}
        {!list.loading && <Pagination page={list.page} pages={list.pages} onPage={onPage} />}
      </div>
      {selected && <PromptModal prompt={selected} onClose={close} />}
    </>
  );
}
