import type { Prompt } from './prompt';

/** Where the browser keeps prompts between visits (IndexedDB in the page, memory in tests). */
export type PromptStore = {
  all: () => Promise<Prompt[]>;
  /** Saves `prompts` and removes `removeIds` in one go; `complete` records a full sync. */
  apply: (change: { put: Prompt[]; removeIds?: number[]; complete?: boolean }) => Promise<void>;
  /** True once a whole collection has been synced, so local searches cover everything. */
  isComplete: () => Promise<boolean>;
};

/** A PromptStore in memory: for tests, and the fallback when IndexedDB is unavailable. */
export function memoryPromptStore(initial: Prompt[] = []): PromptStore {
  const rows = new Map(initial.map((prompt) => [prompt.id, prompt]));
  let complete = false;
  return {
    all: async () => [...rows.values()],
    apply: async ({ put, removeIds = [], complete: done }) => {
      for (const prompt of put) rows.set(prompt.id, prompt);
      for (const id of removeIds) rows.delete(id);
      if (done) complete = true;
    },
    isComplete: async () => complete,
  };
}
