/**
 * The durable side of the embedded store: every committed transaction appended to the journal and
 * fsynced (concurrent commits share one fsync), and now and then a snapshot of the whole database
 * that starts a new journal and drops the files it covers.
 */
import { writeFileDurably } from '../files';
import { SNAPSHOT_FILE } from './durable-state';
import { encodeEntry, JournalWriter, listJournalFiles, removeJournalFiles } from './journal';
import type { JournalEntry, SqlParam } from './journal';

export type LogState = { seq: number; journal: JournalWriter; journalGeneration: number };
export type SnapshotLimits = { snapshotEveryEntries: number; snapshotEveryBytes: number };

export class DurableLog {
  private seq: number;
  private journal: JournalWriter;
  private generation: number;
  private entriesSinceSnapshot = 0;
  private bytesSinceSnapshot = 0;
  /** The latest write that answers may show (telemetry excluded), and the latest of all. */
  lastCommit: Promise<void> = Promise.resolve();
  lastWrite: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly limits: SnapshotLimits,
    state: LogState,
  ) {
    this.seq = state.seq;
    this.journal = state.journal;
    this.generation = state.journalGeneration;
  }

  /** After a reload from disk: the journal and sequence of the state that was reloaded. */
  replace(state: LogState): void {
    this.seq = state.seq;
    this.journal = state.journal;
    this.generation = state.journalGeneration;
  }

  /**
   * Appends one committed transaction; resolves when it is on disk. A failed write rejects with
   * what `onFailure` makes of it (the store then refuses writes until it has recovered).
   */
  append(stmts: Array<[string, SqlParam[]]>, telemetry: boolean, onFailure: (error: unknown) => Error): Promise<void> {
    const entry: JournalEntry = { seq: ++this.seq, stmts };
    const line = encodeEntry(entry);
    this.entriesSinceSnapshot++;
    this.bytesSinceSnapshot += line.length;
    const written = this.journal.append(line).catch((error: unknown) => {
      throw onFailure(error);
    });
    this.lastWrite = written.catch(() => undefined);
    if (!telemetry) this.lastCommit = this.lastWrite;
    return written;
  }

  get snapshotDue(): boolean {
    return (
      this.entriesSinceSnapshot >= this.limits.snapshotEveryEntries ||
      this.bytesSinceSnapshot >= this.limits.snapshotEveryBytes
    );
  }

  /**
   * Writes a snapshot and drops the journal it covers. `exportAt(seq)` exports the database as it
   * is at that sequence; it runs synchronously with the swap to a new journal, so no write can
   * slip between them. `refused()` tells that storage failed meanwhile (or a transaction is
   * open): nothing is written then.
   */
  async snapshot(exportAt: (seq: number) => Uint8Array, refused: () => boolean): Promise<void> {
    if (refused()) return;
    const nextGeneration = this.generation + 1;
    const nextJournal = await JournalWriter.open(this.dir, nextGeneration);
    if (refused()) {
      await nextJournal.close();
      return;
    }
    const bytes = exportAt(this.seq);
    const oldJournal = this.journal;
    const oldGeneration = this.generation;
    nextJournal.after(oldJournal);
    this.journal = nextJournal;
    this.generation = nextGeneration;
    this.entriesSinceSnapshot = 0;
    this.bytesSinceSnapshot = 0;
    await oldJournal.close().catch(() => undefined);
    // The export holds transactions still queued in the old journal; if that write failed they
    // were refused to their callers and must not become durable through the snapshot.
    if (oldJournal.failed || refused()) return;
    await writeFileDurably(this.dir, SNAPSHOT_FILE, bytes);
    const stale = (await listJournalFiles(this.dir)).filter((file) => file.generation <= oldGeneration);
    await removeJournalFiles(
      this.dir,
      stale.map((file) => file.name),
    );
  }

  close(): Promise<void> {
    return this.journal.close();
  }
}
