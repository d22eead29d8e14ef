/**
 * Kept answers of catalogue reads, by URL, for one catalogue snapshot (see plugins/app/catalog.ts).
 */
const MAX_KEPT_RESPONSES = 1_000;

/**
 * Response bodies by URL, the oldest dropped first once there are too many. A body is kept only when its URL
 * comes a second time while the first visit is still remembered: URLs seen once (a rare filter, a search typed
 * letter by letter, a link with a tracking parameter) would otherwise push the popular pages out, and keeping
 * every answer for a short while costs the garbage collector more than working it out again.
 *
 * First visits are remembered by a hash of the URL in a fixed table of slots (four per kept answer): a URL is
 * forgotten when a later one falls on its slot. Most URLs are asked for once, so remembering them has to cost
 * next to nothing: no set of strings to add to and trim on every request.
 */
export class ResponseCache<Body = Buffer> {
  private readonly entries = new Map<string, Body>();
  /** hashes of URLs asked for once, at their slots; 0: none */
  private readonly seenOnce: Int32Array;

  constructor(private readonly maxEntries = MAX_KEPT_RESPONSES) {
    this.seenOnce = new Int32Array(2 ** Math.ceil(Math.log2(4 * maxEntries)));
  }

  get(key: string, produce: () => Body): Body {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const body = produce();
    this.offer(key, body);
    return body;
  }

  /** The body kept for this key, if any. */
  find(key: string): Body | undefined {
    return this.entries.get(key);
  }

  /**
   * A body just worked out for `key` (not kept): kept when the key was asked for once before and is still
   * remembered, remembered as asked for once otherwise. True when it is now kept.
   */
  offer(key: string, body: Body): boolean {
    const hash = hashOf(key);
    const slot = hash & (this.seenOnce.length - 1);
    if (this.seenOnce[slot] !== hash) {
      this.seenOnce[slot] = hash;
      return false;
    }
    this.seenOnce[slot] = 0;
    this.entries.set(key, body);
    // a Map keeps insertion order: the first key is the oldest
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return true;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** FNV-1a over the UTF-16 code units; never 0, which marks an empty slot */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash === 0 ? 1 : hash;
}
