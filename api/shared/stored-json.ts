/** A JSON text column as a value for an answer: null stays null, text that is not JSON is answered as it is. */
export function storedJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
