import type { Category, CategoryRef, CatalogResponse, Product, ProductCard, SortOrder } from "@shop/shared/schemas/catalog";
import { normalizeSearchText } from "@shop/shared/text";

/**
 * The public catalogue in memory: every product with its images and categories, and the indexes the shop's
 * reads need (catalogue page, product, similar products, search, categories). A snapshot never changes once built; the
 * store (catalog-store.ts) loads a new one when the database's catalogue changes.
 *
 * Why in memory: a shop of this kind has thousands of products, not millions (10 000 take about 10 MB here),
 * and every shopper's page is a catalogue read. Filtering, sorting and searching 10 000 rows in the process
 * takes tens of microseconds; the same work in SQL cost the database milliseconds per page and capped a small
 * server at a few hundred varied pages a second.
 */

/** What the loader reads from the database (catalog-store.ts). */
export interface CatalogRows {
  version: string;
  categories: { id: number; name: string; type: "main" | "sub" }[];
  products: {
    id: number;
    name: string;
    sku: string;
    search_name: string;
    price: string;
    description: string | null;
    material: string | null;
    width: number | null;
    height: number | null;
    depth: number | null;
  }[];
  /** in display order: position, then id */
  images: { id: number; product_id: number; image_url: string }[];
  links: { product_id: number; category_id: number }[];
}

/** A catalogue page request, already validated (services/catalog.ts). */
export interface CatalogFilter {
  mainCategory?: number;
  /** a product matches when it has ANY of these */
  tags: number[];
  priceFrom?: number;
  priceTo?: number;
  sortOrder?: SortOrder;
  page: number;
  limit: number;
}

const byRussianName = new Intl.Collator("ru").compare;
const EMPTY = new Int32Array(0);
const MAX_KEPT_UNIONS = 256;

/** Main categories first, then tags; each by name in Russian alphabetical order. */
export function compareCategories(a: CategoryRef, b: CategoryRef): number {
  return a.type === b.type ? byRussianName(a.name, b.name) || a.id - b.id : a.type === "main" ? -1 : 1;
}

/** Punctuation that may open a word inside a name: 'Тарелка «Ёлочка»', 'Салфетки (4 шт.)'. */
const WORD_SEPARATORS = /[«»"'()[\]\-–—/.,:;!?+]/g;

/** Code-point order, as PostgreSQL's "C" collation sorts: plain and predictable for names with digits and quotes. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const SPACE = 32;
/** products (or names) built between two pauses of CatalogSnapshot.build */
const SLICE = 1_000;

/** "no tag filter" for scan(): an empty array is never read */
const ALL = new Uint8Array(0);

/**
 * The catalogue page's inner loop, kept small and monomorphic so that V8 optimises it: walks `count`
 * positions of `sequence` from `start` by `step`, counts those with a tag (when `tags` is not ALL) and a price
 * within [from, to], and puts the cards of matches number skip…end-1 into `out`. Returns the number of
 * matches, stopping once it reaches `stopAt`.
 */
function scan(
  sequence: Int32Array,
  start: number,
  count: number,
  step: number,
  tags: Uint8Array,
  from: number,
  to: number,
  prices: Float64Array,
  skip: number,
  end: number,
  cards: ProductCard[],
  out: ProductCard[],
  stopAt: number,
): number {
  const anyTag = tags.length === 0;
  let total = 0;
  for (let k = start, left = count; left > 0 && total < stopAt; k += step, left--) {
    const pos = sequence[k]!;
    if (!anyTag && tags[pos] !== 1) continue;
    const price = prices[pos]!;
    if (price < from || price > to) continue;
    if (total >= skip && total < end) out.push(cards[pos]!);
    total++;
  }
  return total;
}

/** The three UTF-16 units of `text` from `i` as one number (exact below 2^48): a cheaper map key than a string. */
function trigramAt(text: string, i: number): number {
  return text.charCodeAt(i) * 2 ** 32 + text.charCodeAt(i + 1) * 2 ** 16 + text.charCodeAt(i + 2);
}

export class CatalogSnapshot {
  /** catalog_version when this was loaded */
  readonly version: string;
  private categoryList: Category[] = [];

  // products by position: newest first (id descending), the catalogue's default order
  private products: Product[] = [];
  private cards: ProductCard[] = [];
  private readonly positionOf = new Map<number, number>();
  private prices = new Float64Array(0);
  /** positions by price ascending, then id ascending; read backwards it is price descending, id descending */
  private byPrice = EMPTY;
  /** per category: 1 at the positions of its products */
  private readonly members = new Map<number, Uint8Array>();
  /** per category: its products' positions, newest first and by price (ascending) */
  private readonly sequences = new Map<number, { newest: Int32Array; byPrice: Int32Array }>();
  /** every position: the catalogue's default order */
  private newest = EMPTY;

  /** search by name and article: kept from the previous snapshot when no name or article changed */
  private index!: SearchIndex;
  /** products with any of several tags, already worked out, by the sorted tag ids */
  private readonly unions = new Map<string, { flags: Uint8Array; count: number }>();
  /** similar products already worked out, by "id/limit" */
  private readonly similarKept = new Map<string, ProductCard[]>();

  private constructor(version: string) {
    this.version = version;
  }

  get size(): number {
    return this.cards.length;
  }

  /** main categories first, then tags, each by name, with their product counts */
  get categories(): Category[] {
    return this.categoryList;
  }

  /**
   * Builds a snapshot in one go. `previous`: the snapshot this one replaces. When every product's id, search
   * name and article are the same (an admin changed a price, a description, images or categories), its search
   * index is taken over instead of being built again: that is most of the time a snapshot takes to build.
   */
  static of(rows: CatalogRows, previous?: CatalogSnapshot): CatalogSnapshot {
    const snapshot = new CatalogSnapshot(rows.version);
    const steps = snapshot.fill(rows, previous);
    while (!steps.next().done);
    return snapshot;
  }

  /**
   * Builds a snapshot a slice at a time (a few milliseconds each), awaiting `pause` between slices: a server
   * keeps answering requests from the last snapshot while the next one is built.
   */
  static async build(rows: CatalogRows, previous: CatalogSnapshot | undefined, pause: () => Promise<void>): Promise<CatalogSnapshot> {
    const snapshot = new CatalogSnapshot(rows.version);
    const steps = snapshot.fill(rows, previous);
    while (!steps.next().done) await pause();
    return snapshot;
  }

  /** The work of building, yielding between slices. */
  private *fill(rows: CatalogRows, previous: CatalogSnapshot | undefined): Generator<void, void> {
    const categoryById = new Map(rows.categories.map((c) => [c.id, c] as const));
    const imagesOf = new Map<number, { id: number; image_url: string }[]>();
    for (const image of rows.images) {
      let list = imagesOf.get(image.product_id);
      if (!list) imagesOf.set(image.product_id, (list = []));
      list.push({ id: image.id, image_url: image.image_url });
    }
    const categoriesOf = new Map<number, CategoryRef[]>();
    const counts = new Map<number, number>();
    for (const link of rows.links) {
      const category = categoryById.get(link.category_id);
      if (!category) continue;
      let list = categoriesOf.get(link.product_id);
      if (!list) categoriesOf.set(link.product_id, (list = []));
      list.push({ id: category.id, name: category.name, type: category.type });
      counts.set(category.id, (counts.get(category.id) ?? 0) + 1);
    }
    this.categoryList = rows.categories
      .map((c) => ({ id: c.id, name: c.name, type: c.type, product_count: counts.get(c.id) ?? 0 }))
      .sort(compareCategories);
    yield;

    const sorted = [...rows.products].sort((a, b) => b.id - a.id);
    const n = sorted.length;
    this.products = new Array<Product>(n);
    this.cards = new Array<ProductCard>(n);
    this.prices = new Float64Array(n);
    const searchNames = new Array<string>(n);
    for (let pos = 0; pos < n; pos++) {
      if (pos % SLICE === SLICE - 1) yield;
      const row = sorted[pos]!;
      const images = imagesOf.get(row.id) ?? [];
      const price = Number(row.price);
      this.cards[pos] = { id: row.id, name: row.name, price, sku: row.sku, images };
      this.products[pos] = {
        id: row.id,
        name: row.name,
        price,
        sku: row.sku,
        description: row.description,
        material: row.material,
        width: row.width,
        height: row.height,
        depth: row.depth,
        images,
        categories: (categoriesOf.get(row.id) ?? []).sort(compareCategories),
      };
      this.positionOf.set(row.id, pos);
      this.prices[pos] = price;
      searchNames[pos] = row.search_name;
      for (const category of this.products[pos]!.categories) {
        let flags = this.members.get(category.id);
        if (!flags) this.members.set(category.id, (flags = new Uint8Array(n)));
        flags[pos] = 1;
      }
    }

    yield;
    const positions = Array.from({ length: n }, (_, pos) => pos);
    this.newest = Int32Array.from(positions);
    this.byPrice = Int32Array.from(
      [...positions].sort((a, b) => this.prices[a]! - this.prices[b]! || this.cards[a]!.id - this.cards[b]!.id),
    );
    // each category's products in both orders: one pass over each order, appending to the product's categories
    const inOrder = (order: Int32Array) => {
      const lists = new Map<number, number[]>();
      for (const pos of order) {
        for (const category of this.products[pos]!.categories) {
          let list = lists.get(category.id);
          if (!list) lists.set(category.id, (list = []));
          list.push(pos);
        }
      }
      return lists;
    };
    yield;
    const newestOf = inOrder(this.newest);
    const byPriceOf = inOrder(this.byPrice);
    for (const [id, list] of newestOf) this.sequences.set(id, { newest: Int32Array.from(list), byPrice: Int32Array.from(byPriceOf.get(id)!) });
    const ids = this.cards.map((card) => card.id);
    const skus = this.cards.map((card) => card.sku.toLowerCase());
    yield;
    this.index = previous?.index.sameNames(ids, searchNames, skus) ? previous.index : yield* SearchIndex.build(ids, searchNames, skus);
  }

  /**
   * A catalogue page. mainCategory: products linked to that category; tags: products with ANY of them; price
   * bounds inclusive. Sort: default newest first, by price with the id as a stable tiebreak. A page past the
   * end is an empty list with the real totals.
   */
  list(filter: CatalogFilter): CatalogResponse {
    const { limit, page } = filter;
    const order = filter.sortOrder ?? "default";
    const priced = order !== "default";
    const from = filter.priceFrom ?? -Infinity;
    const to = filter.priceTo ?? Infinity;
    const tagIds = filter.tags;

    // Walk as few products as the filters allow: those of the main category, or of the only tag, in the
    // requested order; in price order only the stretch within the price bounds. What the walk can't skip is
    // checked on the way: the tags (with a main category, or several tags), the price (in the default order).
    const driver = filter.mainCategory ?? (tagIds.length === 1 ? tagIds[0]! : null);
    const sequence = driver === null ? (priced ? this.byPrice : this.newest) : this.sequenceOf(driver, order);
    const tags = (filter.mainCategory !== undefined && tagIds.length > 0) || tagIds.length > 1 ? this.anyOf(tagIds) : null;
    const lo = priced ? this.firstPricedAtLeast(sequence, from, false) : 0;
    const hi = priced ? this.firstPricedAtLeast(sequence, to, true) : sequence.length;
    const checkPrice = !priced && (filter.priceFrom !== undefined || filter.priceTo !== undefined);
    const descending = order === "price-desc";
    const skip = (page - 1) * limit;
    const end = skip + limit;
    const products: ProductCard[] = [];

    let total: number;
    if (tags === null && !checkPrice) {
      // nothing to check: the stretch is the answer
      total = Math.max(0, hi - lo);
      for (let k = skip; k < Math.min(total, end); k++) products.push(this.cards[sequence[descending ? hi - 1 - k : lo + k]!]!);
    } else {
      // when the total has a cheaper source than the walk, stop the walk as soon as the page is full
      const cheapTotal =
        tags === null
          ? () => this.countPriced(driver, from, to)
          : driver === null && filter.priceFrom === undefined && filter.priceTo === undefined
            ? () => tags.count
            : null;
      const found = scan(sequence, descending ? hi - 1 : lo, hi - lo, descending ? -1 : 1, tags?.flags ?? ALL, checkPrice ? from : -Infinity, checkPrice ? to : Infinity, this.prices, skip, end, this.cards, products, cheapTotal ? end : Infinity);
      total = cheapTotal && found >= end ? cheapTotal() : found;
    }
    return { products, total, totalPages: Math.ceil(total / limit), page };
  }

  /** How many products (of a category, or all) are priced within [from, to]. */
  private countPriced(categoryId: number | null, from: number, to: number): number {
    const byPrice = categoryId === null ? this.byPrice : this.sequenceOf(categoryId, "price-asc");
    return this.firstPricedAtLeast(byPrice, to, true) - this.firstPricedAtLeast(byPrice, from, false);
  }

  /** The products of a category in the catalogue's default order or by price (ascending); none for an unknown id. */
  private sequenceOf(categoryId: number, order: SortOrder): Int32Array {
    const sequences = this.sequences.get(categoryId);
    if (!sequences) return EMPTY;
    return order === "default" ? sequences.newest : sequences.byPrice;
  }

  /** The products having any of the categories: 1 at their positions, and how many they are. */
  private anyOf(ids: number[]): { flags: Uint8Array; count: number } {
    if (ids.length === 1) {
      const flags = this.members.get(ids[0]!);
      // an unknown tag: nobody has it (all zeros: an empty array would read as "no tag filter" in scan())
      return flags ? { flags, count: this.sequenceOf(ids[0]!, "default").length } : { flags: new Uint8Array(this.size), count: 0 };
    }
    const key = [...ids].sort((a, b) => a - b).join(",");
    const kept = this.unions.get(key);
    if (kept) return kept;
    const flags = new Uint8Array(this.size);
    let count = 0;
    for (const id of ids) {
      const sequence = this.sequenceOf(id, "default");
      for (let k = 0; k < sequence.length; k++) {
        const pos = sequence[k]!;
        count += 1 - flags[pos]!;
        flags[pos] = 1;
      }
    }
    // shoppers tick a few tags out of a handful: the combinations are few, but keep a bounded number anyway
    if (this.unions.size < MAX_KEPT_UNIONS) this.unions.set(key, { flags, count });
    return { flags, count };
  }

  /** In a price-ordered sequence: the index of the first product priced at least `price` (above it when `above`). */
  private firstPricedAtLeast(sequence: Int32Array, price: number, above: boolean): number {
    let lo = 0;
    let hi = sequence.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.prices[sequence[mid]!]!;
      if (above ? at <= price : at < price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The product page: images in order, categories main first, then tags by name. Undefined when there is none. */
  product(id: number): Product | undefined {
    const pos = this.positionOf.get(id);
    return pos === undefined ? undefined : this.products[pos];
  }

  /**
   * Up to `limit` products sharing a category with the given one, most shared categories first, then newest;
   * never the product itself. Undefined when there is no such product.
   */
  similar(id: number, limit: number): ProductCard[] | undefined {
    const pos = this.positionOf.get(id);
    if (pos === undefined) return undefined;
    const key = `${id}/${limit}`;
    const kept = this.similarKept.get(key);
    if (kept) return kept;
    const shared = new Map<number, number>();
    for (const category of this.products[pos]!.categories) {
      for (const other of this.sequenceOf(category.id, "default")) {
        if (other !== pos) shared.set(other, (shared.get(other) ?? 0) + 1);
      }
    }
    // positions are newest first, so the smaller position wins a tie
    const best = [...shared].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit).map(([other]) => this.cards[other]!);
    this.similarKept.set(key, best);
    return best;
  }

  /**
   * Search by name or article, case-insensitive, ё = е (names are matched through their search name).
   * Ranking: names starting with the query (and an exact article) first, then names with a word starting with
   * it, then any other match (inside a word, or part of the article); within a rank by name, then id.
   *
   * Each rank is looked up only while the answer is not full, and each walk stops once it has what is missing:
   * a common word ("серия" in thousands of names) must not make every search walk the whole catalogue.
   */
  search(query: string, limit: number): ProductCard[] {
    const needle = normalizeSearchText(query);
    if (needle.length === 0 || limit <= 0) return [];
    const index = this.index;
    const found: number[] = []; // indexes into byName

    // first: the names starting with the query, one stretch of the name order, and an exact article
    const first = index.firstNamedAtLeast(needle);
    const end = index.firstNamedAtLeast(needle + "\uffff");
    for (let rank = first; rank < end && found.length < limit; rank++) found.push(rank);
    const skuRank = index.skuRanks.get(needle);
    const skuApart = skuRank !== undefined && (skuRank < first || skuRank >= end);
    if (skuApart) {
      found.push(skuRank);
      found.sort((a, b) => a - b);
      if (found.length > limit) found.pop();
    }
    if (found.length === limit) return this.cardsByName(found);
    const isFirst = (rank: number) => (rank >= first && rank < end) || (skuApart && rank === skuRank);

    // Every other match holds each three-character piece of the query: from three characters on, only the
    // names holding its rarest piece are looked at (a piece no name has: nothing more to find); a shorter
    // query looks at every name.
    const holding = needle.length >= 3 ? index.rarestPiece(needle) : null;
    if (holding?.length === 0) return this.cardsByName(found);
    const wordStart = " " + needle;
    const matches = (pos: number) => index.searchNames[pos]!.includes(needle) || index.skus[pos]!.includes(needle);

    // then: names with a word starting with the query, among those with a word starting with its first three
    // characters when they are fewer
    const startingWords = needle.length >= 3 ? (index.wordStarts.get(trigramAt(needle, 0)) ?? EMPTY) : null;
    let candidates = startingWords && holding && startingWords.length < holding.length ? startingWords : holding;
    let count = candidates ? candidates.length : index.size;
    for (let k = 0; k < count && found.length < limit; k++) {
      const rank = candidates ? candidates[k]! : k;
      const pos = index.byName[rank]!;
      if (!isFirst(rank) && index.words[pos]!.includes(wordStart) && matches(pos)) found.push(rank);
    }
    if (found.length === limit) return this.cardsByName(found);

    // last: any other match, inside a word or in the article
    candidates = holding;
    count = candidates ? candidates.length : index.size;
    for (let k = 0; k < count && found.length < limit; k++) {
      const rank = candidates ? candidates[k]! : k;
      const pos = index.byName[rank]!;
      if (!isFirst(rank) && matches(pos) && !index.words[pos]!.includes(wordStart)) found.push(rank);
    }
    return this.cardsByName(found);
  }

  /** The cards at these indexes into byName. */
  private cardsByName(ranks: number[]): ProductCard[] {
    return ranks.map((rank) => this.cards[this.index.byName[rank]!]!);
  }

}

/**
 * What search needs of the names and articles, by position (the snapshot's order): search names, articles in
 * lower case, words, the name order and the trigram and word-start indexes. It depends on nothing else, so a
 * snapshot whose names and articles did not change takes over the previous one's.
 */
class SearchIndex {
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

  /** Builds an index, yielding between slices (see CatalogSnapshot.build). */
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
      index.skuRanks.set(skus[pos]!, rank);
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

  /** Indexes into byName of the names and articles holding the query's rarest three-character piece; none when one piece is nowhere. */
  rarestPiece(needle: string): Int32Array {
    let rarest: Int32Array | undefined;
    for (let i = 0; i + 3 <= needle.length; i++) {
      const list = this.trigrams.get(trigramAt(needle, i));
      if (!list) return EMPTY;
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    return rarest!;
  }

  /** The first index into byName whose search name is at least `text` (code-point order). */
  firstNamedAtLeast(text: string): number {
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
