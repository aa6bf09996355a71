/** Browser dialogs used for every admin message (SPEC §8). One place so tests can watch them. */

export function notify(message: string): void {
  window.alert(message);
}

export function confirmAction(question: string): boolean {
  return window.confirm(question);
}

/** A whole number of days greater than 0, or undefined when the text is anything else. */
export function parseDays(text: string | null): number | undefined {
  if (text === null) return undefined;
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const days = Number(trimmed);
  return days > 0 && Number.isSafeInteger(days) ? days : undefined;
}

/**
 * Asks for a number of days. Cancel gives null (nothing happens); anything but a positive whole
 * number shows 'Please enter a valid number of days' and gives undefined.
 */
export function askDays(question: string, invalidMessage: string): number | null | undefined {
  const answer = window.prompt(question, '30');
  if (answer === null) return null;
  const days = parseDays(answer);
  if (days === undefined) notify(invalidMessage);
  return days;
}
