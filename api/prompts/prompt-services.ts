/** What the prompt calls keep between requests: the public list's answer cache. */
import { AnswerCache } from '../http/answer-cache';

/** Public list pages kept serialized (~16 KB each plus compressed forms): a few MB at most. */
const LIST_CACHE_ENTRIES = 200;

export type PromptServices = {
  listCache: AnswerCache;
};

export function setupPrompts(): PromptServices {
  return { listCache: new AnswerCache(LIST_CACHE_ENTRIES) };
}
