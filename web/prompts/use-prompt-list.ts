import { startTransition, useEffect, useRef, useState } from 'react';
import { fetchPromptList } from './prompt-api';
import type { ListAnswer } from './prompt-api';
import type { Prompt } from './prompt';
import { indexedDbPromptStore } from './prompt-cache';
import type { PromptStore } from './prompt-store';
import type { PromptsQuery } from './prompts-query';
import { PROMPT_LIST } from '../../contract/rules/paging';
import { searchPrompts } from './search-prompts';
import { syncPrompts } from './sync-prompts';

export type PromptListState = {
  prompts: Prompt[];
  /** The page shown: the asked one clamped into 1..pages, as the server does. */
  page: number;
  pages: number;
  total: number;
  loading: boolean;
  offline: boolean;
};

let store: PromptStore | undefined;
let sync: Promise<unknown> | undefined;
let syncedThisVisit = false;

function promptStore(): PromptStore {
  store ??= indexedDbPromptStore();
  return store;
}

/** One background sync of the whole collection per visit, and again after coming back online. */
function syncInBackground(): void {
  if (sync || syncedThisVisit) return;
  sync = syncPrompts(promptStore(), fetchPromptList)
    .then((result) => {
      syncedThisVisit = result !== 'failed';
    })
    .catch(() => undefined)
    .finally(() => {
      sync = undefined;
    });
}

const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;
const readAll = (): Promise<Prompt[]> =>
  promptStore()
    .all()
    .catch(() => []);

/** A list answer as shown; `offline` when it came from the service worker's cache. */
const shownAnswer = (answer: ListAnswer, offline: boolean): PromptListState => ({
  prompts: answer.prompts,
  page: answer.page,
  pages: answer.pages,
  total: answer.total,
  loading: false,
  offline,
});

/**
 * The prompts for a query, local-first: a fully synced cache answers at once, the network answer
 * replaces it (stale-while-revalidate); without network the cache is searched with the server's
 * rule. `query` stays undefined until hydration, which keeps the skeletons of the prerender.
 */
export function usePromptList(query: PromptsQuery | undefined): PromptListState {
  const [state, setState] = useState<PromptListState>({
    prompts: [],
    page: 1,
    pages: 0,
    total: 0,
    loading: true,
    offline: false,
  });
  const [onlineTick, setOnlineTick] = useState(0);
  /** Failed network attempts in a row while the browser says it is online (for the backoff). */
  const failures = useRef(0);

  useEffect(() => {
    const goOnline = (): void => {
      syncedThisVisit = false;
      setOnlineTick((tick) => tick + 1);
    };
    const goOffline = (): void => setState((previous) => ({ ...previous, offline: true }));
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, []);

  const search = query?.search;
  const page = query?.page;
  useEffect(() => {
    if (search === undefined || page === undefined) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A page of cards is the largest render the page does: as a transition, React renders it in
    // slices between which the browser handles input, instead of one long task.
    const show = (next: Partial<PromptListState>): void => {
      if (current) startTransition(() => setState((previous) => ({ ...previous, ...next })));
    };
    // Right after a connection returns (or on a flaky mobile link) a request can still fail while
    // the browser reports online: try again later, backing off from 2 s to a minute.
    const retryLater = (): void => {
      if (!current || isOffline()) return;
      const delay = Math.min(60_000, 2000 * 2 ** failures.current);
      failures.current++;
      retry = setTimeout(() => setOnlineTick((tick) => tick + 1), delay);
    };
    show({ loading: true });
    void (async () => {
      if (
        await promptStore()
          .isComplete()
          .catch(() => false)
      )
        show({ ...searchPrompts(await readAll(), search, page), loading: false });
      let answer: ListAnswer | undefined;
      if (!isOffline()) {
        try {
          answer = await fetchPromptList({ page, perPage: PROMPT_LIST.defaultPerPage, search });
        } catch {
          answer = undefined;
        }
      }
      if (answer?.success && !answer.fromCache) {
        failures.current = 0;
        show(shownAnswer(answer, false));
        void promptStore()
          .apply({ put: answer.prompts })
          .catch(() => undefined);
        syncInBackground();
        return;
      }
      // The server answered but refused: the list stays as it was (docs/spec.md#public-failures).
      if (answer && !answer.success) {
        show({ loading: false });
        return;
      }
      const cached = await readAll();
      if (cached.length > 0) show({ ...searchPrompts(cached, search, page), loading: false, offline: true });
      else if (answer) show(shownAnswer(answer, true));
      else show({ loading: false, offline: true });
      retryLater();
    })();
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [search, page, onlineTick]);

  return state;
}
