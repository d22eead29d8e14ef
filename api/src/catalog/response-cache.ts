/**
 * Kept answers of catalogue reads, by URL, for one catalogue snapshot (see plugins/app/catalog.ts).
 */
const MAX_KEPT_RESPONSES = 1_000;

/**
 * Response bodies by URL, the oldest dropped first once there are too many. A body is kept only when its URL
 * comes a second time while the first visit is still remembered: URLs seen once (a rare filter, a search typed
 * letter by letter, a link with a tracking parameter) would otherwise push the popular pages out, and keeping
 * every answer for a short while costs the garbage collector more than working it out again.
 */
export class ResponseCache<Body = Buffer> {
  private readonly entries = new Map<string, Body>();
  /** URLs asked for once, oldest first */
  private readonly seenOnce = new Set<string>();

  constructor(private readonly maxEntries = MAX_KEPT_RESPONSES) {}

  get(key: string, produce: () => Body): Body {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const body = produce();
    if (this.seenOnce.delete(key)) {
      this.entries.set(key, body);
      // Map and Set keep insertion order: the first key is the oldest
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    } else {
      this.seenOnce.add(key);
      if (this.seenOnce.size > this.maxEntries) this.seenOnce.delete(this.seenOnce.values().next().value!);
    }
    return body;
  }

  get size(): number {
    return this.entries.size;
  }
}
