import { normalizeSearch } from '../../contract/rules/search';
import type { FaqCategory } from '../content/faq';
import { withCatalogue } from '../content/links';

/** The FAQ as the page shows it (catalogue tokens filled), which is what a search must match. */
export function filledFaq(categories: readonly FaqCategory[]): FaqCategory[] {
  return categories.map((category) => ({
    ...category,
    questions: category.questions.map((item) => ({
      question: withCatalogue(item.question),
      answer: withCatalogue(item.answer),
    })),
  }));
}

/**
 * Categories whose name, questions or answers contain the query (the lists' rule, normalizeSearch).
 * A category whose name matches keeps all its questions; otherwise only matching questions stay,
 * and empty categories are dropped. Plain toLowerCase: Indonesian has no casing rules of its own,
 * and the locale-aware form loads ICU's data on the first keystroke (a ~30 ms pause).
 */
export function filterFaq(categories: readonly FaqCategory[], query: string): FaqCategory[] {
  const needle = normalizeSearch(query);
  if (!needle) return [...categories];
  const has = (text: string): boolean => text.toLowerCase().includes(needle);
  const result: FaqCategory[] = [];
  for (const category of categories) {
    const questions = has(category.name)
      ? category.questions
      : category.questions.filter((item) => has(item.question) || has(item.answer));
    if (questions.length > 0) result.push({ ...category, questions });
  }
  return result;
}

/** Number of questions left after filtering. */
export function countQuestions(categories: readonly FaqCategory[]): number {
  return categories.reduce((total, category) => total + category.questions.length, 0);
}

/** '3 hasil untuk "refund"'; empty when there is no query. */
export function resultCountText(count: number, query: string): string {
  const trimmed = query.trim();
  return trimmed ? `${count} hasil untuk "${trimmed}"` : '';
}
