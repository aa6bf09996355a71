/** Spintax: `{a|b|c}` picks one option; groups may nest: `{Halo|Hai {kak|bro}}`. */
export type SpintaxNode = string | SpintaxNode[][];

export type SpintaxResult = { ok: true; nodes: SpintaxNode[] } | { ok: false; error: string; position: number };

/** Parses the text, reporting the first unbalanced brace with its position (0-based). */
export function parseSpintax(text: string): SpintaxResult {
  const stack: Array<{ options: SpintaxNode[][]; start: number }> = [];
  let current: SpintaxNode[] = [];
  const parents: SpintaxNode[][] = [];
  let buffer = '';
  const flush = (): void => {
    if (buffer) current.push(buffer);
    buffer = '';
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '{') {
      flush();
      parents.push(current);
      stack.push({ options: [], start: index });
      current = [];
    } else if (char === '}' || (char === '|' && stack.length > 0)) {
      const group = stack[stack.length - 1];
      if (!group) return { ok: false, error: 'Ada kurung tutup "}" tanpa kurung buka "{".', position: index };
      flush();
      group.options.push(current);
      current = [];
      if (char === '}') {
        stack.pop();
        current = parents.pop()!;
        current.push(group.options);
      }
    } else {
      buffer += char;
    }
  }
  const open = stack[stack.length - 1];
  if (open) return { ok: false, error: 'Ada kurung buka "{" yang belum ditutup.', position: open.start };
  flush();
  return { ok: true, nodes: current };
}

/** Number of distinct texts the nodes can produce (capped at Number.MAX_SAFE_INTEGER). */
export function countCombinations(nodes: readonly SpintaxNode[]): number {
  let total = 1;
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    const options = node.reduce((sum, option) => sum + countCombinations(option), 0);
    total = Math.min(total * Math.max(options, 1), Number.MAX_SAFE_INTEGER);
  }
  return total;
}

/** One random text from the nodes. */
export function spin(nodes: readonly SpintaxNode[], random: () => number = Math.random): string {
  let text = '';
  for (const node of nodes) {
    if (typeof node === 'string') text += node;
    else if (node.length > 0) text += spin(node[Math.floor(random() * node.length)] ?? [], random);
  }
  return text;
}
