/** Browser dialogs used for every admin message (docs/spec.md#admin-messages). One place so tests can watch them. */
import { readDays } from '../../../contract/rules/durations';

export function notify(message: string): void {
  window.alert(message);
}

export function confirmAction(question: string): boolean {
  return window.confirm(question);
}

/**
 * Asks for a number of days. Cancel gives null (nothing happens); anything but a positive whole
 * number shows 'Please enter a valid number of days' and gives undefined.
 */
export function askDays(question: string, invalidMessage: string): number | null | undefined {
  const answer = window.prompt(question, '30');
  if (answer === null) return null;
  const days = readDays(answer);
  if (days === undefined) notify(invalidMessage);
  return days;
}
