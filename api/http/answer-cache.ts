import { JsonBody } from './json-body';

/**
 * Serialized answers by key, all valid for one data version: when the version moves, everything
 * is dropped. Least recently used entries go first past `capacity`, so memory stays bounded
 * (a page of prompts is ~16 KB, plus its compressed forms).
 */
export class AnswerCache {
  private entries = new Map<string, JsonBody>();
  private version = -1;

  constructor(private readonly capacity: number) {}

  get<Value>(version: number, key: string): JsonBody<Value> | undefined {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
      return undefined;
    }
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
    }
    return cached as JsonBody<Value> | undefined;
  }

  /** Keeps `value` serialized, if the data is still at `version`; returns what to send. */
  set<Value>(version: number, key: string, value: Value): JsonBody<Value> {
    return this.keep(version, key, new JsonBody(value));
  }

  /** Keeps an answer already serialized (one answer under a second key), if the data is still at `version`. */
  keep<Value>(version: number, key: string, body: JsonBody<Value>): JsonBody<Value> {
    if (version !== this.version) return body;
    this.entries.set(key, body);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return body;
  }
}
