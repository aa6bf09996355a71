const CACHED_HEADERS = 64;
/** Browsers send a handful of distinct values: each is parsed once, not on every answer. */
const known = new Map<string, ReadonlySet<string>>();

/** Codings the client takes, from its Accept-Encoding header (`br;q=0` means it does not). */
export function acceptedEncodings(header: string | undefined): ReadonlySet<string> {
  const text = header ?? '';
  let accepted = known.get(text);
  if (!accepted) {
    // Clients sending ever new values (a fuzzer) only ever cost a fresh parse, never memory.
    if (known.size >= CACHED_HEADERS) known.clear();
    accepted = parse(text);
    known.set(text, accepted);
  }
  return accepted;
}

function parse(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    const quality = params.find((param) => param.startsWith('q='));
    if (name && !(quality && Number(quality.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}
