import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { Prompt } from './prompt';
import { memoryPromptStore } from './prompt-store';
import type { PromptStore } from './prompt-store';

interface PromptCacheDB extends DBSchema {
  prompts: { key: number; value: Prompt };
  meta: { key: string; value: string };
}

const DB_NAME = 'loop-prompts';
const DB_VERSION = 1;
const SYNCED_AT = 'synced_at';

function openCache(): Promise<IDBPDatabase<PromptCacheDB>> {
  return openDB<PromptCacheDB>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('prompts', { keyPath: 'id' });
        db.createObjectStore('meta');
      }
    },
  });
}

/**
 * The prompt collection in IndexedDB. Private windows and old browsers may refuse IndexedDB;
 * the page then keeps prompts in memory for the visit only.
 */
export function indexedDbPromptStore(now: () => Date = () => new Date()): PromptStore {
  const opened: Promise<IDBPDatabase<PromptCacheDB> | undefined> =
    typeof indexedDB === 'undefined' ? Promise.resolve(undefined) : openCache().catch(() => undefined);
  const fallback = memoryPromptStore();
  return {
    async all() {
      const db = await opened;
      return db ? db.getAll('prompts') : fallback.all();
    },
    async apply({ put, removeIds = [], complete }) {
      const db = await opened;
      if (!db) return fallback.apply({ put, removeIds, complete });
      const tx = db.transaction(['prompts', 'meta'], 'readwrite');
      const prompts = tx.objectStore('prompts');
      const writes: Array<Promise<unknown>> = [];
      for (const prompt of put) writes.push(prompts.put(prompt));
      for (const id of removeIds) writes.push(prompts.delete(id));
      if (complete) writes.push(tx.objectStore('meta').put(now().toISOString(), SYNCED_AT));
      await Promise.all([...writes, tx.done]);
    },
    async isComplete() {
      const db = await opened;
      if (!db) return fallback.isComplete();
      return (await db.get('meta', SYNCED_AT)) !== undefined;
    },
  };
}
