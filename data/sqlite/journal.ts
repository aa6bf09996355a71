import { open, readdir, readFile, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { join } from 'node:path';
import { syncDirectory } from '../files';

/** One committed transaction: the statements and their parameters, in order. */
export type JournalEntry = { seq: number; stmts: Array<[sql: string, params: SqlParam[]]> };
export type SqlParam = string | number | null | Uint8Array;

const FILE_PATTERN = /^journal-(\d{12})\.log$/;

/** Journal files are numbered by generation: a snapshot starts a new one and drops the older. */
export function journalFileName(generation: number): string {
  return `journal-${String(generation).padStart(12, '0')}.log`;
}

/**
 * Encodes one entry as a line `crc32 json\n`. Uint8Array params are stored as {"$b": base64}.
 * The checksum lets replay tell a torn last write (crash mid-append) from a valid line.
 */
export function encodeEntry(entry: JournalEntry): string {
  // Mapped before stringify: a Buffer's toJSON would run before any replacer could see its bytes.
  const stmts = entry.stmts.map(([sql, params]) => [
    sql,
    params.map((value) =>
      value instanceof Uint8Array
        ? { $b: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') }
        : value,
    ),
  ]);
  const json = JSON.stringify({ seq: entry.seq, stmts });
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
}

export function decodeLine(line: string): JournalEntry | undefined {
  const space = line.indexOf(' ');
  if (space !== 8) return undefined;
  const json = line.slice(9);
  if (crc32(json).toString(16).padStart(8, '0') !== line.slice(0, 8)) return undefined;
  return JSON.parse(json, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && '$b' in value && typeof value.$b === 'string'
      ? new Uint8Array(Buffer.from(value.$b, 'base64'))
      : value,
  ) as JournalEntry;
}

/** Journal files in the data directory, oldest first. */
export async function listJournalFiles(dir: string): Promise<Array<{ name: string; generation: number }>> {
  const names = await readdir(dir);
  return names
    .map((name) => ({ name, match: FILE_PATTERN.exec(name) }))
    .filter((item): item is { name: string; match: RegExpExecArray } => item.match !== null)
    .map((item) => ({ name: item.name, generation: Number(item.match[1]) }))
    .sort((a, b) => a.generation - b.generation);
}

/**
 * Reads every valid entry of every journal file, in order. A bad line ends its file: only the
 * last append can be torn (it was never acknowledged), so anything after it is not trusted.
 */
export async function readJournal(dir: string): Promise<{ entries: JournalEntry[]; tornFiles: string[] }> {
  const entries: JournalEntry[] = [];
  const tornFiles: string[] = [];
  for (const file of await listJournalFiles(dir)) {
    const text = await readFile(join(dir, file.name), 'utf8');
    const lines = text.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index]!;
      if (line === '') continue;
      let entry: JournalEntry | undefined;
      try {
        entry = decodeLine(line);
      } catch {
        entry = undefined;
      }
      if (!entry) {
        tornFiles.push(file.name);
        break;
      }
      entries.push(entry);
    }
  }
  return { entries, tornFiles };
}

type Waiter = { resolve: () => void; reject: (error: Error) => void };

/**
 * Append-only log with group commit: entries appended while an fsync is in flight are written
 * together and share the next fsync, so concurrent writers pay for one disk flush, not one each.
 */
export class JournalWriter {
  private pending: string[] = [];
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | undefined;
  private failure: Error | undefined;
  /** Nothing is written before this settles (see `after`). */
  private gate: Promise<void> = Promise.resolve();

  private constructor(
    private handle: FileHandle,
    readonly fileName: string,
  ) {}

  static async open(dir: string, generation: number): Promise<JournalWriter> {
    const fileName = journalFileName(generation);
    const handle = await open(join(dir, fileName), 'a', 0o600);
    try {
      // A new file's name is only durable once its directory is synced: without this a power cut
      // could lose the whole file, with every write acknowledged into it.
      await syncDirectory(dir);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return new JournalWriter(handle, fileName);
  }

  /**
   * Holds this file's writes until everything queued in `previous` is on disk. A snapshot swaps
   * to a new file while the old one may still have a flush under way: without the hold, a later
   * entry could reach the disk (and be acknowledged) before an earlier one, and a crash in
   * between would leave a gap that replay must refuse. If `previous` failed, so does this file.
   */
  after(previous: JournalWriter): void {
    this.gate = previous.drain().then(() => {
      if (previous.failed) throw new Error(`${previous.fileName} failed; later entries are refused`);
    });
    this.gate.catch(() => undefined);
  }

  /** True once a write failed: the file may end with a partial line and takes nothing more. */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** Queues the line; the promise settles once it is on disk (or the write failed). */
  append(line: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.pending.push(line);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.flushing) this.flushing = this.flushLoop();
    return done;
  }

  get idle(): boolean {
    return this.flushing === undefined;
  }

  /** Waits until everything appended so far is durable. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.drain();
    await this.handle.close();
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        // Waiting first lets everything queued meanwhile share the first write.
        await this.gate.catch((error: unknown) => {
          this.failure ??= error instanceof Error ? error : new Error(String(error));
        });
        const lines = this.pending;
        const waiters = this.waiters;
        this.pending = [];
        this.waiters = [];
        try {
          if (this.failure) throw this.failure;
          await writeFully(this.handle, Buffer.from(lines.join(''), 'utf8'));
          await this.handle.datasync();
          for (const waiter of waiters) waiter.resolve();
        } catch (error) {
          // Once a write failed the file may hold a partial line; refuse everything after it.
          this.failure = error instanceof Error ? error : new Error(String(error));
          for (const waiter of waiters) waiter.reject(this.failure);
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }
}

/** write(2) may take only part of a buffer (nearly full disk): keep writing until all is in. */
async function writeFully(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    if (bytesWritten <= 0) throw new Error('journal write made no progress');
    offset += bytesWritten;
  }
}

export async function removeJournalFiles(dir: string, names: string[]): Promise<void> {
  for (const name of names) await unlink(join(dir, name)).catch(() => undefined);
}
