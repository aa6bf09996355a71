import { ApiError } from '../api-client';
import { notify } from './dialogs';
import { reloadAll } from './loaders';

/** Any answer: a success, or a failure with the server's text. */
type Outcome = { success: true; message?: string } | { success: false; error?: string };

function isSuccess<Answer extends Outcome>(answer: Answer): answer is Extract<Answer, { success: true }> {
  return answer.success;
}

export type MutationTexts = {
  /** Fixed failure text, used when the server gives none (e.g. 'Failed to create license'). */
  failed: string;
  /** Prefix for a call that got no answer (e.g. 'Error creating license: '). */
  errorPrefix: string;
  /** Success alert; a function reads it from the answer (extend and shorten use the server's message). */
  success: string | ((answer: { message?: string }) => string);
};

function reasonOf(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : String(error);
}

/**
 * Runs one admin change with the SPEC §8 rules: success alert, else the server's error text,
 * else the fixed text; a call without an answer gets the prefix plus the reason. After a success
 * every list and the stats reload. Resolves with the answer on success, else undefined.
 */
export async function mutate<Answer extends Outcome>(call: () => Promise<Answer>, texts: MutationTexts): Promise<Extract<Answer, { success: true }> | undefined> {
  let answer: Answer;
  try {
    answer = await call();
  } catch (error) {
    notify(texts.errorPrefix + reasonOf(error));
    return undefined;
  }
  if (!isSuccess(answer)) {
    notify(('error' in answer && answer.error) || texts.failed);
    return undefined;
  }
  await reloadAll();
  notify(typeof texts.success === 'function' ? texts.success(answer) : texts.success);
  return answer;
}
