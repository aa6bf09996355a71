import type { Prompt } from './prompt';

export const PAGE_SIZE_PUBLIC = 12;

export type PromptPage = { prompts: Prompt[]; pages: number; total: number };

// SQLite's LIKE and lower() fold only ASCII letters; folding the same way keeps a local search
// identical to the server's (an 'É' does not match 'é' there either).
const foldCase = (text: string): string => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** The server's rule: case-insensitive "contains" over title, description, template and music. */
export function matchesSearch(prompt: Prompt, search: string): boolean {
  const needle = foldCase(search.trim());
  if (needle === '') return true;
  return [prompt.title, prompt.description, prompt.prompt_template, prompt.prompt_music].some((field) =>
    foldCase(field).includes(needle),
  );
}

/** Newest first, as the server lists them. */
export function byNewest(left: Prompt, right: Prompt): number {
  if (left.created_at !== right.created_at) return left.created_at < right.created_at ? 1 : -1;
  return right.id - left.id;
}

/** One page of a local search, shaped like the server's answer. */
export function searchPrompts(all: readonly Prompt[], search: string, page: number, perPage = PAGE_SIZE_PUBLIC): PromptPage {
  const found = all.filter((prompt) => matchesSearch(prompt, search)).sort(byNewest);
  const start = (Math.max(1, page) - 1) * perPage;
  return { prompts: found.slice(start, start + perPage), pages: Math.ceil(found.length / perPage), total: found.length };
}
