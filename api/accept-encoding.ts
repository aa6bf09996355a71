/** Codings the client takes, from its Accept-Encoding header (`br;q=0` means it does not). */
export function acceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    const quality = params.find((param) => param.startsWith('q='));
    if (name && !(quality && Number(quality.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

const CACHED_HEADERS = 64;

/**
 * acceptedEncodings per header text, remembered: browsers send a handful of distinct values, so a
 * static answer does not split and parse the same header again on every request.
 */
export class AcceptedEncodingsCache {
  private readonly known = new Map<string, ReadonlySet<string>>();

  get(header: string | undefined): ReadonlySet<string> {
    const text = header ?? '';
    let accepted = this.known.get(text);
    if (!accepted) {
      // Clients sending ever new values (a fuzzer) only ever cost a fresh parse, never memory.
      if (this.known.size >= CACHED_HEADERS) this.known.clear();
      accepted = acceptedEncodings(text);
      this.known.set(text, accepted);
    }
    return accepted;
  }
}
