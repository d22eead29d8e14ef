import { normalizeSearchText } from "@shop/shared/text";
import { byCodePoint } from "./sort-order";

/**
 * Search by name or article, in one place: the shop's search box and results page, and the admin product
 * list's filter, all match with `SearchIndex.matches` and find candidates through the same index.
 *
 * Matching: the query is normalised as names are (`normalizeSearchText`: lower case, ё = е, spaces collapsed,
 * trimmed); a product matches when its search name or its article in lower case holds the query. Every character
 * is itself: '%', '_' and '\' are no wildcards. A blank query matches nothing in the shop's search (the admin list
 * then shows every product).
 *
 * Ranking (the shop's search): names starting with the query (and an exact article) first, then names with a word
 * starting with it (after a space or punctuation such as '«'), then any other match (inside a word, or part of the
 * article); within a rank by search name in code-point order, then id (sort-order.ts). The admin list keeps the
 * catalogue's newest-first order instead.
 */

/** The query as names are stored for search. */
export const searchText = (query: string): string => normalizeSearchText(query);

/** Punctuation that may open a word inside a name: 'Тарелка «Ёлочка»', 'Салфетки (4 шт.)'. */
const WORD_SEPARATORS = /[«»"'()[\]\-–—/.,:;!?+]/g;

const SPACE = 32;
/** names indexed between two pauses of the build */
const SLICE = 1_000;
const EMPTY = new Int32Array(0);
/**
 * Whether an index into byName is in every one of these ascending lists, asked with ascending indexes: each list
 * is stepped through once (galloping over long gaps), which is far cheaper than looking inside a name.
 */
function inEveryList(lists: readonly Int32Array[]): (rank: number) => boolean {
  const at = new Int32Array(lists.length);
  return (rank) => {
    for (let l = 0; l < lists.length; l++) {
      const list = lists[l]!;
      let i = at[l]!;
      // most steps are short: a few plain steps, then galloping
      for (let n = 0; n < 4 && list[i]! < rank; n++) i++;
      if (list[i]! < rank) {
        // the first index whose number is at least rank: past i + step / 2, at most i + step
        let step = 1;
        while (i + step < list.length && list[i + step]! < rank) step *= 2;
        let hi = Math.min(i + step, list.length);
        i += (step >> 1) + 1;
        while (i < hi) {
          const mid = (i + hi) >>> 1;
          if (list[mid]! < rank) i = mid + 1;
          else hi = mid;
        }
      }
      at[l] = i;
      if (list[i] !== rank) return false;
    }
    return true;
  };
}

/** The three UTF-16 units of `text` from `i` as one number (exact below 2^48): a cheaper map key than a string. */
function trigramAt(text: string, i: number): number {
  return text.charCodeAt(i) * 2 ** 32 + text.charCodeAt(i + 1) * 2 ** 16 + text.charCodeAt(i + 2);
}

/**
 * What search needs of the names and articles, by position (the snapshot's order, newest first): search names,
 * articles in lower case, words, the name order and the trigram and word-start indexes. It depends on nothing
 * else, so a snapshot whose names and articles did not change takes over the previous one's.
 */
export class SearchIndex {
  /** ' ' + name with punctuation as spaces: a word starts after a space */
  readonly words: string[];
  /** positions by search name (code-point order), then id */
  readonly byName: Int32Array;
  /** every three-character piece of a search name or article (trigramAt) → indexes into byName, ascending */
  readonly trigrams = new Map<number, Int32Array>();
  /** the first three characters of every word of a name (in `words`) → indexes into byName, ascending */
  readonly wordStarts = new Map<number, Int32Array>();
  /** article, lower case → index into byName */
  readonly skuRanks = new Map<string, number>();

  private constructor(
    private readonly ids: readonly number[],
    readonly searchNames: readonly string[],
    readonly skus: readonly string[],
  ) {
    this.words = searchNames.map((name) => " " + name.replace(WORD_SEPARATORS, " "));
    this.byName = Int32Array.from(
      Array.from({ length: ids.length }, (_, pos) => pos).sort((a, b) => byCodePoint(searchNames[a]!, searchNames[b]!) || ids[a]! - ids[b]!),
    );
  }

  /**
   * Builds an index, yielding between slices (see CatalogSnapshot.build). `skus`: the articles in lower case.
   */
  static *build(ids: readonly number[], searchNames: readonly string[], skus: readonly string[]): Generator<void, SearchIndex> {
    const index = new SearchIndex(ids, searchNames, skus);
    yield;
    const postings = new Map<number, number[]>();
    const wordPostings = new Map<number, number[]>();
    // ranks come in order: a piece seen twice in one name is already at the end of its list
    const post = (lists: Map<number, number[]>, piece: number, rank: number) => {
      let list = lists.get(piece);
      if (!list) lists.set(piece, (list = []));
      if (list[list.length - 1] !== rank) list.push(rank);
    };
    for (let rank = 0; rank < ids.length; rank++) {
      if (rank % SLICE === SLICE - 1) yield;
      const pos = index.byName[rank]!;
      // a product's own article, then its variants' articles, one per line
      for (const sku of skus[pos]!.split("\n")) if (!index.skuRanks.has(sku)) index.skuRanks.set(sku, rank);
      for (const text of [searchNames[pos]!, skus[pos]!]) {
        for (let i = 0; i + 3 <= text.length; i++) post(postings, trigramAt(text, i), rank);
      }
      const words = index.words[pos]!;
      for (let i = 1; i + 3 <= words.length; i++) if (words.charCodeAt(i - 1) === SPACE) post(wordPostings, trigramAt(words, i), rank);
    }
    yield;
    for (const [piece, list] of postings) index.trigrams.set(piece, Int32Array.from(list));
    for (const [piece, list] of wordPostings) index.wordStarts.set(piece, Int32Array.from(list));
    return index;
  }

  get size(): number {
    return this.ids.length;
  }

  /** Whether these products, by position, have exactly the names and articles this index was built from. */
  sameNames(ids: readonly number[], searchNames: readonly string[], skus: readonly string[]): boolean {
    if (ids.length !== this.ids.length) return false;
    for (let pos = 0; pos < ids.length; pos++) {
      if (ids[pos] !== this.ids[pos] || searchNames[pos] !== this.searchNames[pos] || skus[pos] !== this.skus[pos]) return false;
    }
    return true;
  }

  /** The matching rule: the product at `pos` has the (normalised, non-empty) query in its search name or article. */
  matches(pos: number, needle: string): boolean {
    return this.searchNames[pos]!.includes(needle) || this.skus[pos]!.includes(needle);
  }

  /**
   * Every product matching the normalised query, by position ascending (the catalogue's newest-first order).
   * From three characters on only the names holding every three-character piece of the query are looked at.
   */
  matching(needle: string): number[] {
    if (needle.length === 0) return [];
    const found: number[] = [];
    if (needle.length >= 3) {
      const pieces = this.pieceLists(needle);
      const holdsEvery = inEveryList(pieces);
      for (const rank of pieces[0] ?? EMPTY) {
        const pos = this.byName[rank]!;
        if (holdsEvery(rank) && this.matches(pos, needle)) found.push(pos);
      }
      return found.sort((a, b) => a - b);
    }
    for (let pos = 0; pos < this.size; pos++) if (this.matches(pos, needle)) found.push(pos);
    return found;
  }

  /**
   * Up to `limit` positions of products matching the normalised query, ranked (see the top of this file).
   *
   * Each rank is looked up only while the answer is not full, and each walk stops once it has what is missing:
   * a common word ("серия" in thousands of names) must not make every search walk the whole catalogue.
   */
  ranked(needle: string, limit: number): number[] {
    if (needle.length === 0 || limit <= 0) return [];
    const found: number[] = []; // indexes into byName

    // first: the names starting with the query, one stretch of the name order, and an exact article
    const first = this.firstNamedAtLeast(needle);
    const end = this.firstNamedAtLeast(needle + "\uffff");
    for (let rank = first; rank < end && found.length < limit; rank++) found.push(rank);
    const skuRank = this.skuRanks.get(needle);
    const skuApart = skuRank !== undefined && (skuRank < first || skuRank >= end);
    if (skuApart) {
      found.push(skuRank);
      found.sort((a, b) => a - b);
      if (found.length > limit) found.pop();
    }
    if (found.length === limit) return this.positions(found);
    const isFirst = (rank: number) => (rank >= first && rank < end) || (skuApart && rank === skuRank);

    // Every other match holds each three-character piece of the query: from three characters on, only the
    // names holding all its pieces are looked at (a piece no name has: nothing more to find); a shorter
    // query looks at every name.
    const pieces = needle.length >= 3 ? this.pieceLists(needle) : [];
    if (needle.length >= 3 && pieces.length === 0) return this.positions(found);
    const holding = pieces.length > 0 ? pieces[0]! : null;
    const wordStart = " " + needle;
    // A name has a word starting with the query only if it has a word starting with the query's first three
    // characters. A query of exactly three characters is its own only piece: being in its lists already says
    // the name matches and whether a word starts with it, without looking inside the name.
    const startingWords = needle.length >= 3 ? (this.wordStarts.get(trigramAt(needle, 0)) ?? EMPTY) : null;
    const exact = needle.length === 3;

    // then: names with a word starting with the query, walking whichever list is shorter
    let candidates = startingWords && holding && startingWords.length < holding.length ? startingWords : holding;
    let count = candidates ? candidates.length : this.size;
    let holdsEvery = inEveryList(pieces);
    let startsWord = inEveryList(startingWords ? [startingWords] : []);
    for (let k = 0; k < count && found.length < limit; k++) {
      const rank = candidates ? candidates[k]! : k;
      if (isFirst(rank) || !holdsEvery(rank) || !startsWord(rank)) continue;
      const pos = this.byName[rank]!;
      if (exact || (this.words[pos]!.includes(wordStart) && this.matches(pos, needle))) found.push(rank);
    }
    if (found.length === limit) return this.positions(found);

    // last: any other match, inside a word or in the article
    candidates = holding;
    count = candidates ? candidates.length : this.size;
    holdsEvery = inEveryList(pieces);
    startsWord = inEveryList(startingWords ? [startingWords] : []);
    for (let k = 0; k < count && found.length < limit; k++) {
      const rank = candidates ? candidates[k]! : k;
      if (isFirst(rank) || !holdsEvery(rank)) continue;
      const pos = this.byName[rank]!;
      const wordStarting = startsWord(rank) && (exact || this.words[pos]!.includes(wordStart));
      if (!wordStarting && (exact || this.matches(pos, needle))) found.push(rank);
    }
    return this.positions(found);
  }

  /** The positions at these indexes into byName. */
  private positions(ranks: number[]): number[] {
    return ranks.map((rank) => this.byName[rank]!);
  }

  /**
   * The index lists (into byName, ascending) of the query's three-character pieces, the shortest first; none
   * when one piece is in no name or article.
   */
  private pieceLists(needle: string): Int32Array[] {
    const lists: Int32Array[] = [];
    for (let i = 0; i + 3 <= needle.length; i++) {
      const list = this.trigrams.get(trigramAt(needle, i));
      if (!list) return [];
      if (!lists.includes(list)) lists.push(list);
    }
    return lists.sort((a, b) => a.length - b.length);
  }

  /** The first index into byName whose search name is at least `text` (code-point order). */
  private firstNamedAtLeast(text: string): number {
    let lo = 0;
    let hi = this.byName.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.searchNames[this.byName[mid]!]! < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
