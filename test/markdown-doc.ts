/**
 * Reading the project's Markdown documents for the tests that hold them to the code: the tables under
 * a heading, the code spans of a cell, the anchors a heading gets, every document of the tree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const readDoc = (path: string): string => readFileSync(path, 'utf8');

/** The text under a heading line (exactly as written, e.g. `## Codes`) up to the next heading of its level or higher. */
export function section(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex(
    (line, index) => index > start && /^#{1,6} /.test(line) && line.indexOf(' ') <= level && !insideFence(lines, index),
  );
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

function insideFence(lines: string[], index: number): boolean {
  return lines.slice(0, index).filter((line) => line.trimStart().startsWith('```')).length % 2 === 1;
}

/** The rows of the first table in `text` (header and separator left out), each as its trimmed cells. */
export function firstTable(text: string): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  if (start < 0) throw new Error('no table');
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(splitRow(line));
  }
  return rows;
}

function splitRow(line: string): string[] {
  // `\|` inside a cell is an escaped bar, not a column edge.
  return line
    .slice(1, line.endsWith('|') ? -1 : undefined)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

export const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of every heading of a document (outside code fences). */
export function anchorsOf(text: string): Set<string> {
  const lines = text.split('\n');
  return new Set(
    lines
      .filter((line, index) => /^#{1,6} /.test(line) && !insideFence(lines, index))
      .map((line) => anchorOf(line.replace(/^#+ /, ''))),
  );
}

/** The text of a document without its fenced code blocks (paths in an example are not claims). */
export function withoutFences(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

const SKIP = new Set(['node_modules', 'dist', 'var', 'shots', '.git', '.tmp']);

/** Every Markdown file of the checkout, as paths relative to it. */
export function markdownFiles(dir = '.'): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = dir === '.' ? entry.name : join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(path));
    else if (entry.name.endsWith('.md')) found.push(path);
  }
  return found.sort();
}
