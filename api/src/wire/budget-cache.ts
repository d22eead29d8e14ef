/**
 * Values by key within a memory budget: the least recently used go first once the values' bytes exceed it.
 * The kept product pages (routes/web.ts) live in one.
 */
export class BudgetCache<Value> {
  private readonly entries = new Map<string, { value: Value; bytes: number }>();
  private used = 0;

  constructor(
    readonly budgetBytes: number,
    /** what one entry costs, its key and the bookkeeping included */
    private readonly bytesOf: (value: Value) => number,
  ) {}

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // a Map keeps insertion order: the entry moves to the end, the most recently used
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Value): void {
    const bytes = this.bytesOf(value) + 2 * key.length;
    this.delete(key);
    if (bytes > this.budgetBytes) return;
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.used;
  }
}
