import type { Prompt } from './prompt';

export const PAGE_SIZE_PUBLIC = 12;
// The server reads at most this many characters of a search.
const MAX_SEARCH_LENGTH = 500;

export type PromptPage = { prompts: Prompt[]; page: number; pages: number; total: number };

/** The search text as the server uses it: cut to 500 characters, NUL removed, trimmed, lower-cased. */
export function normalizeSearch(search: string): string {
  return search.slice(0, MAX_SEARCH_LENGTH).replaceAll('\u0000', '').trim().toLowerCase();
}

/** The server's rule: case-insensitive "contains" over title, description, template and music. */
export function matchesSearch(prompt: Prompt, search: string): boolean {
  const needle = normalizeSearch(search);
  if (needle === '') return true;
  return [prompt.title, prompt.description, prompt.prompt_template, prompt.prompt_music].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** Newest first, as the server lists them: created_at descending, then id descending. */
export function byNewest(left: Prompt, right: Prompt): number {
  if (left.created_at !== right.created_at) return left.created_at < right.created_at ? 1 : -1;
  return right.id - left.id;
}

/**
 * One page of a local search, shaped like the server's answer: like the server, there is always
 * at least one page and `page` is clamped into 1..pages.
 */
export function searchPrompts(all: readonly Prompt[], search: string, page: number, perPage = PAGE_SIZE_PUBLIC): PromptPage {
  const found = all.filter((prompt) => matchesSearch(prompt, search)).sort(byNewest);
  const pages = Math.max(1, Math.ceil(found.length / perPage));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const start = (current - 1) * perPage;
  return { prompts: found.slice(start, start + perPage), page: current, pages, total: found.length };
}
