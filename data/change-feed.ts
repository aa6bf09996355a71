import type { ChangeFeed } from './store';

/**
 * Topic versions kept in this process. The embedded store uses it as it is (one process: every
 * change is local); the PostgreSQL store calls `remote()` when another instance announces one.
 */
export class LocalChangeFeed implements ChangeFeed {
  private readonly versions = new Map<string, number>();
  private readonly listeners = new Map<string, Set<() => void>>();

  version(topic: string): number {
    return this.versions.get(topic) ?? 0;
  }

  async notify(topic: string): Promise<void> {
    this.bump(topic);
  }

  onRemote(topic: string, listener: () => void): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** A change made elsewhere (or a reload of the whole database): versions move, listeners rebuild. */
  remote(topic: string): void {
    this.bump(topic);
    for (const listener of this.listeners.get(topic) ?? []) listener();
  }

  /** Every topic at once: after a reconnect (notifications may have been missed) or a storage reload. */
  remoteAll(): void {
    for (const topic of new Set([...this.versions.keys(), ...this.listeners.keys()])) this.remote(topic);
  }

  private bump(topic: string): void {
    this.versions.set(topic, this.version(topic) + 1);
  }
}
