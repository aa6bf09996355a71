/** The page's state in the URL: `/prompts?q=…&page=…` (page 1 and an empty search are left out). */
export type PromptsQuery = { search: string; page: number };

export function parsePromptsQuery(search: string): PromptsQuery {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return { search: params.get('q') ?? '', page: Number.isSafeInteger(page) && page > 1 ? page : 1 };
}

export function formatPromptsQuery(query: PromptsQuery): string {
  const params = new URLSearchParams();
  if (query.search !== '') params.set('q', query.search);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
