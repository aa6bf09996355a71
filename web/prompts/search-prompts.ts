import { clampPage, pageCount, PROMPT_LIST } from '../../contract/rules/paging';
import { searchNeedle } from '../../contract/rules/search';
import type { Prompt } from './prompt';

export type PromptPage = { prompts: Prompt[]; page: number; pages: number; total: number };

/** The server's rule: case-insensitive "contains" over title, description, template and music. */
export function matchesSearch(prompt: Prompt, search: string): boolean {
  const needle = searchNeedle(search, PROMPT_LIST.searchMaxLength);
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
export function searchPrompts(
  all: readonly Prompt[],
  search: string,
  page: number,
  perPage = PROMPT_LIST.defaultPerPage,
): PromptPage {
  const found = all.filter((prompt) => matchesSearch(prompt, search)).sort(byNewest);
  const pages = pageCount(found.length, perPage);
  const current = clampPage(page, pages);
  const start = (current - 1) * perPage;
  return { prompts: found.slice(start, start + perPage), page: current, pages, total: found.length };
}
