import { ApiError } from '../api-client';
import { MESSAGES } from '../messages';
import { askDays, confirmAction, notify } from './dialogs';
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
 * Runs one admin change with the rules of docs/spec.md#admin-messages: success alert, else the server's error text,
 * else the fixed text; a call without an answer gets the prefix plus the reason. After a success
 * every list and the stats reload. Resolves with the answer on success, else undefined.
 */
export async function mutate<Answer extends Outcome>(
  call: () => Promise<Answer>,
  texts: MutationTexts,
): Promise<Extract<Answer, { success: true }> | undefined> {
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

/** mutate, answering whether it was saved (a form then closes). */
export async function saved<Answer extends Outcome>(
  call: () => Promise<Answer>,
  texts: MutationTexts,
): Promise<boolean> {
  return (await mutate(call, texts)) !== undefined;
}

/** The server's message, else a text of our own (extend and shorten name the new expiry: docs/spec.md#expiry-moves). */
export function serverMessage(fallback: string): (answer: { message?: string }) => string {
  return (answer) => (typeof answer.message === 'string' && answer.message ? answer.message : fallback);
}

export type DaysChange<Answer extends Outcome> = {
  /** `Extend ABC by how many days?` */
  question: string;
  /** Asked after the days, when the change needs a confirmation (shorten). */
  confirm?: (days: number) => string;
  send: (days: number) => Promise<Answer>;
  texts: Omit<MutationTexts, 'success'> & { done: (days: number) => string };
};

/**
 * Extend or shorten by a number of days: asks for the days (Cancel does nothing; anything but a
 * positive whole number says 'Please enter a valid number of days'), maybe a confirmation, then
 * sends and shows the server's message.
 */
export async function mutateDays<Answer extends Outcome>(change: DaysChange<Answer>): Promise<void> {
  const days = askDays(change.question, MESSAGES.invalidDays);
  if (!days) return;
  if (change.confirm && !confirmAction(change.confirm(days))) return;
  const { failed, errorPrefix, done } = change.texts;
  await mutate(() => change.send(days), { failed, errorPrefix, success: serverMessage(done(days)) });
}
