import type { Category, CategoryRef, CatalogResponse, Product, ProductCard, SortOrder } from "@shop/shared/schemas/catalog";
import type { OptionValues } from "@shop/shared/schemas/catalog";
import { extraKeys, needsChoice, productExtras, shownFigures, type VariantRows } from "./product-variants";
import { SearchIndex, searchText } from "./search";
import { byPriceThenId, compareCategories, newestFirst, similarFirst } from "./sort-order";

/**
 * The catalogue in memory: every product with its images and categories, and the indexes the shop's reads need
 * (catalogue page, product, similar products, search, categories, recommendations, the admin's product list). A
 * snapshot never changes once built; the store (store.ts) loads a new one when the database's catalogue changes.
 * The orders it sorts by are sort-order.ts's, its search matching is search.ts's.
 *
 * Why in memory: a shop of this kind has thousands of products, not millions (10 000 take about 10 MB here),
 * and every shopper's page is a catalogue read. Filtering, sorting and searching 10 000 rows in the process
 * takes tens of microseconds; the same work in SQL cost the database milliseconds per page and capped a small
 * server at a few hundred varied pages a second.
 */

/** What the loader reads from the database (store.ts); options, variants and personalisation may be left out. */
export interface CatalogRows extends Partial<VariantRows> {
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
    stock: number | null;
    made_to_order_days: number | null;
    /** when it was put in the catalogue («Новинки»); absent: its id's place stands for it */
    created_at?: Date | string;
    /** a draft or a product taken off sale: only the admin's list has it (docs/product.md#drafts-and-hidden-products) */
    hidden?: boolean;
  }[];
  /** in display order: position, then id */
  images: { id: number; product_id: number; image_url: string }[];
  links: { product_id: number; category_id: number }[];
  /** products with published reviews: their mean rating and count (docs/product.md#reviews) */
  ratings?: { product_id: number; count: number; average: number }[];
}

/** A catalogue page request, already validated (reads.ts). */
export interface CatalogFilter {
  mainCategory?: number;
  /** a product matches when it has ANY of these */
  tags: number[];
  priceFrom?: number;
  priceTo?: number;
  sortOrder?: SortOrder;
  /** sortOrder "popular": product ids by pieces sold, most first (best-sellers.ts); others follow newest first */
  popular?: readonly number[];
  /** only products that are not sold out (stock null or above 0) */
  inStock?: boolean;
  /** option values in lower case: a product matches when an enabled variant has any of them */
  options?: string[];
  page: number;
  limit: number;
}

const EMPTY = new Int32Array(0);

/** products (or names) built between two pauses of CatalogSnapshot.build */
const SLICE = 1_000;

/** Kept matches of filters without prices: at most this many filters, and this many positions per product in all. */
const MAX_KEPT_FILTERS = 256;
const KEPT_POSITIONS_PER_PRODUCT = 64;

/** The products a filter keeps, in the catalogue's default order and by price (ascending, then id). */
interface Matching {
  newest: Int32Array;
  byPrice: Int32Array;
}

const NO_MATCH: Matching = { newest: EMPTY, byPrice: EMPTY };

/**
 * The page of newest-first positions priced within [from, to]: walks `sequence` and puts the cards of matches
 * number skip…end-1 into `out`, stopping once it has them. Kept small and monomorphic so that V8 optimises it.
 */
function pricedStretch(sequence: Int32Array, from: number, to: number, prices: Float64Array, skip: number, end: number, cards: ProductCard[], out: ProductCard[]): void {
  for (let k = 0, found = 0; k < sequence.length && found < end; k++) {
    const pos = sequence[k]!;
    const price = prices[pos]!;
    if (price < from || price > to) continue;
    if (found >= skip) out.push(cards[pos]!);
    found++;
  }
}

/** Products as bits: position `pos` is bit `pos & 31` of word `pos >> 5`. */
const bitsOf = (positions: Int32Array, size: number): Int32Array => {
  const bits = new Int32Array((size >> 5) + 1);
  for (const pos of positions) bits[pos >> 5]! |= 1 << (pos & 31);
  return bits;
};

/** Some of a category's products for sale: those of `bits` (bitsOf) up to position `last`, inclusive. */
interface Stretch {
  bits: Int32Array;
  last: number;
}

/**
 * The `limit` positions found in the most of these stretches, the smaller position (the newer product) first
 * among equals; never one of `excluded`. `scratch`: room for 33 - clz32(stretches.length) words per 32 positions.
 *
 * Works a word (32 positions) at a time. Each position's count of stretches is kept in binary across "planes":
 * word `w` has one plane per bit of a count, and bit `b` of its plane `j` is bit `j` of the count of position
 * 32w + b. Each stretch's words are added with carries; then the positions whose count is exactly the highest,
 * the next highest… are read word by word in position order. Counting in an array of one number per position
 * instead cost most of a recommendation's time.
 */
function mostShared(stretches: readonly Stretch[], excluded: readonly number[], limit: number, scratch: Int32Array): number[] {
  let last = -1;
  for (const stretch of stretches) last = Math.max(last, stretch.last);
  const words = (last >> 5) + 1;
  const planes = 32 - Math.clz32(stretches.length);
  scratch.fill(0, 0, words * planes);
  /** the highest plane any count reached */
  let top = 0;
  for (const { bits, last: end } of stretches) {
    const endWord = end >> 5;
    for (let w = 0; w <= endWord; w++) {
      // the last word up to `end`: its (end & 31) + 1 lowest bits
      let carry = w < endWord ? bits[w]! : bits[w]! & (-1 >>> (31 - (end & 31)));
      for (let j = 0; carry !== 0; j++) {
        const at = w * planes + j;
        const both = scratch[at]! & carry;
        scratch[at]! ^= carry;
        carry = both;
        if (j > top) top = j;
      }
    }
  }
  const allowed = words * planes;
  scratch.fill(-1, allowed, allowed + words);
  for (const pos of excluded) if (pos <= last) scratch[allowed + (pos >> 5)]! &= ~(1 << (pos & 31));
  const chosen: number[] = [];
  for (let count = Math.min(stretches.length, 2 ** (top + 1) - 1); count > 0 && chosen.length < limit; count--) {
    for (let w = 0; w < words && chosen.length < limit; w++) {
      let exactly = scratch[allowed + w]!;
      for (let j = 0; j < planes; j++) exactly &= (count >> j) & 1 ? scratch[w * planes + j]! : ~scratch[w * planes + j]!;
      while (exactly !== 0 && chosen.length < limit) {
        const lowest = exactly & -exactly;
        chosen.push((w << 5) + 31 - Math.clz32(lowest));
        exactly ^= lowest;
      }
    }
  }
  return chosen;
}

export class CatalogSnapshot {
  /** catalog_version when this was loaded */
  readonly version: string;
  private categoryList: Category[] = [];

  // products by position: newest first (id descending), the catalogue's default order
  private products: Product[] = [];
  /** by position, where the admin's product differs from the shop's (switched-off variants) */
  private readonly adminProducts = new Map<number, Product>();
  /**
   * hidden products (drafts, products taken off sale), newest first, as the admin sees them: in no list, search,
   * page or recommendation of the shop, only in the admin's list (first there)
   */
  private hiddenProducts: Product[] = [];
  private cards: ProductCard[] = [];
  /** option value in lower case → 1 at the positions of products with an enabled variant having it */
  private readonly optionValueFlags = new Map<string, Uint8Array>();
  /** the option-values lists already worked out, by main category ("" for all) */
  private readonly optionValuesKept = new Map<string, OptionValues[]>();
  private readonly positionOf = new Map<number, number>();
  private prices = new Float64Array(0);
  /** positions by price ascending, then id ascending; read backwards it is price descending, id descending */
  private byPrice = EMPTY;
  /** per category: 1 at the positions of its products */
  private readonly members = new Map<number, Uint8Array>();
  /**
   * per category: its products' positions, newest first and by price (ascending), and newest first without the
   * sold-out ones (the candidates of recommendations), those also as bits (bitsOf)
   */
  private readonly sequences = new Map<number, { newest: Int32Array; byPrice: Int32Array; forSale: Int32Array; forSaleBits: Int32Array }>();
  /** every position: the catalogue's default order */
  private newest = EMPTY;
  /** every position, latest put in the catalogue first («Новинки»: created_at descending, then id descending) */
  private latest = EMPTY;
  /** the last popularity ranking asked for and its order of every position (sortOrder "popular") */
  private popularKept: { ids: readonly number[]; order: Int32Array } | null = null;
  /** 1 at the positions of products that are not sold out (stock not counted, or above 0) */
  private available = new Uint8Array(0);
  /** sold-out positions, newest first */
  private soldOut: number[] = [];

  /** search by name and article: kept from the previous snapshot when no name or article changed */
  private index!: SearchIndex;
  /**
   * the matches of filters without prices already worked out, by "mainCategory:sorted tag ids:inStock", the
   * least recently used first; `keptPositions` counts their positions
   */
  private readonly matchingKept = new Map<string, Matching>();
  private keptPositions = 0;
  /** similar products already worked out, by "id/limit" */
  private readonly similarKept = new Map<string, ProductCard[]>();
  /** recommendations' scratch: the counts' planes and the allowed positions of mostShared */
  private scratch = new Int32Array(0);
  /** recommendations' scratch: 1 at the cart's positions, all zero between calls (cheaper to test than a Set) */
  private inCart: Uint8Array | null = null;

  private constructor(version: string) {
    this.version = version;
  }

  get size(): number {
    return this.cards.length;
  }

  /** the largest product id, 0 for an empty catalogue: products are kept newest (largest id) first */
  get largestId(): number {
    return this.cards[0]?.id ?? 0;
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
    const hiddenIds = new Set(rows.products.filter((row) => row.hidden).map((row) => row.id));
    for (const link of rows.links) {
      const category = categoryById.get(link.category_id);
      if (!category) continue;
      let list = categoriesOf.get(link.product_id);
      if (!list) categoriesOf.set(link.product_id, (list = []));
      list.push({ id: category.id, name: category.name, type: category.type });
      // a category counts the products a shopper finds in it
      if (!hiddenIds.has(link.product_id)) counts.set(category.id, (counts.get(category.id) ?? 0) + 1);
    }
    this.categoryList = rows.categories
      .map((c) => ({ id: c.id, name: c.name, type: c.type, product_count: counts.get(c.id) ?? 0 }))
      .sort(compareCategories);
    yield;

    const priceOf = new Map(rows.products.map((p) => [p.id, Number(p.price)] as const));
    const ratingOf = new Map((rows.ratings ?? []).map((r) => [r.product_id, { average: r.average, count: r.count }] as const));
    const extrasOf = productExtras(rows, (id) => priceOf.get(id), (id) => (imagesOf.get(id) ?? []).map((image) => image.id));
    const sorted = (hiddenIds.size === 0 ? [...rows.products] : rows.products.filter((row) => !hiddenIds.has(row.id))).sort(newestFirst);
    this.hiddenProducts = rows.products
      .filter((row) => hiddenIds.has(row.id))
      .sort(newestFirst)
      .map((row) => {
        const extras = extrasOf.get(row.id);
        const figures = shownFigures({ price: Number(row.price), stock: row.stock, made_to_order_days: row.made_to_order_days }, extras);
        return {
          id: row.id,
          name: row.name,
          price: figures.price,
          sku: row.sku,
          description: row.description,
          material: row.material,
          width: row.width,
          height: row.height,
          depth: row.depth,
          images: imagesOf.get(row.id) ?? [],
          categories: (categoriesOf.get(row.id) ?? []).sort(compareCategories),
          stock: figures.stock,
          made_to_order_days: figures.made_to_order_days,
          hidden: true,
          ...extraKeys(extras, true),
        };
      });
    const n = sorted.length;
    this.products = new Array<Product>(n);
    this.cards = new Array<ProductCard>(n);
    this.prices = new Float64Array(n);
    this.available = new Uint8Array(n);
    const searchNames = new Array<string>(n);
    const skus = new Array<string>(n);
    for (let pos = 0; pos < n; pos++) {
      if (pos % SLICE === SLICE - 1) yield;
      const row = sorted[pos]!;
      const images = imagesOf.get(row.id) ?? [];
      const extras = extrasOf.get(row.id);
      const figures = shownFigures({ price: Number(row.price), stock: row.stock, made_to_order_days: row.made_to_order_days }, extras);
      const price = figures.price;
      const stock = { stock: figures.stock, made_to_order_days: figures.made_to_order_days };
      const card: ProductCard = { id: row.id, name: row.name, price, sku: row.sku, images, ...stock };
      if (figures.priceMax !== null) card.price_max = figures.priceMax;
      if (needsChoice(extras)) card.has_options = true;
      const rating = ratingOf.get(row.id);
      if (rating) card.rating = rating;
      this.cards[pos] = card;
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
        ...stock,
        ...extraKeys(extras, false),
        ...(rating ? { rating } : {}),
      };
      let skuText = row.sku.toLowerCase();
      if (extras && extras.options.length > 0) {
        if (extras.variants.some((v) => !v.enabled)) this.adminProducts.set(pos, { ...this.products[pos]!, ...extraKeys(extras, true) });
        const valueText = new Map(extras.options.flatMap((option) => option.values.map((v) => [v.id, v.value.toLowerCase()] as const)));
        for (const variant of extras.variants) {
          if (!variant.enabled) continue;
          // a variant's article is searched with the product's: one text, lines apart (a query holds no line break)
          skuText += "\n" + variant.sku.toLowerCase();
          for (const valueId of variant.option_value_ids) {
            const text = valueText.get(valueId);
            if (text === undefined) continue;
            let flags = this.optionValueFlags.get(text);
            if (!flags) this.optionValueFlags.set(text, (flags = new Uint8Array(n)));
            flags[pos] = 1;
          }
        }
      }
      skus[pos] = skuText;
      this.positionOf.set(row.id, pos);
      this.prices[pos] = price;
      if (stock.stock === 0) this.soldOut.push(pos);
      else this.available[pos] = 1;
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
      [...positions].sort((a, b) => byPriceThenId(this.cards[a]!, this.cards[b]!)),
    );
    const createdAt = sorted.map((row) => (row.created_at === undefined ? NaN : new Date(row.created_at).getTime()));
    // without a date (rows built by hand) a product keeps its id's place: positions are newest first already
    this.latest = createdAt.every((time) => Number.isNaN(time))
      ? this.newest
      : Int32Array.from([...positions].sort((a, b) => (createdAt[b] || 0) - (createdAt[a] || 0) || a - b));
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
    for (const [id, list] of newestOf) {
      const newest = Int32Array.from(list);
      const forSale = this.soldOut.length === 0 ? newest : newest.filter((pos) => this.available[pos] === 1);
      this.sequences.set(id, { newest, byPrice: Int32Array.from(byPriceOf.get(id)!), forSale, forSaleBits: bitsOf(forSale, n) });
    }
    const ids = this.cards.map((card) => card.id);
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
    const matching = this.matching(filter.mainCategory, filter.tags, filter.inStock === true, filter.options ?? []);
    const from = filter.priceFrom ?? -Infinity;
    const to = filter.priceTo ?? Infinity;
    // the products within the price bounds are one stretch of the price order
    const lo = filter.priceFrom === undefined ? 0 : this.firstPricedAtLeast(matching.byPrice, from, false);
    const hi = filter.priceTo === undefined ? matching.byPrice.length : this.firstPricedAtLeast(matching.byPrice, to, true);
    const total = Math.max(0, hi - lo);
    const skip = (page - 1) * limit;
    const end = Math.min(total, skip + limit);
    const products: ProductCard[] = [];
    if (order === "new" || order === "popular") {
      const sequence = order === "new" ? this.latest : this.popularOrder(filter.popular ?? []);
      this.stretchOf(sequence, matching, from, to, skip, end, products);
    } else if (order !== "default") {
      const descending = order === "price-desc";
      for (let k = skip; k < end; k++) products.push(this.cards[matching.byPrice[descending ? hi - 1 - k : lo + k]!]!);
    } else if (total === matching.newest.length) {
      for (let k = skip; k < end; k++) products.push(this.cards[matching.newest[k]!]!);
    } else {
      pricedStretch(matching.newest, from, to, this.prices, skip, end, this.cards, products);
    }
    return { products, total, totalPages: Math.ceil(total / limit), page };
  }

  /**
   * Matches number skip…end-1 of `sequence` (every position, in the order asked for) that the filter kept and that
   * are priced within [from, to].
   */
  private stretchOf(sequence: Int32Array, matching: Matching, from: number, to: number, skip: number, end: number, out: ProductCard[]): void {
    if (matching.newest.length === this.size) {
      pricedStretch(sequence, from, to, this.prices, skip, end, this.cards, out);
      return;
    }
    const kept = new Uint8Array(this.size);
    for (const pos of matching.newest) kept[pos] = 1;
    for (let k = 0, found = 0; k < sequence.length && found < end; k++) {
      const pos = sequence[k]!;
      const price = this.prices[pos]!;
      if (kept[pos] === 0 || price < from || price > to) continue;
      if (found >= skip) out.push(this.cards[pos]!);
      found++;
    }
  }

  /** Every position, the ranked ids first (most sold first), then the others newest first; kept for the last ranking. */
  private popularOrder(ids: readonly number[]): Int32Array {
    if (this.popularKept?.ids === ids) return this.popularKept.order;
    const order = new Int32Array(this.size);
    const placed = new Uint8Array(this.size);
    let k = 0;
    for (const id of ids) {
      const pos = this.positionOf.get(id);
      if (pos === undefined || placed[pos] === 1) continue;
      placed[pos] = 1;
      order[k++] = pos;
    }
    for (let pos = 0; pos < this.size; pos++) if (placed[pos] === 0) order[k++] = pos;
    this.popularKept = { ids, order };
    return order;
  }

  /**
   * The products of a main category (or all) having any of the tags (or none asked), not sold out when
   * `inStock`. A category or a tag alone is one of the snapshot's own sequences; other filters are worked out
   * once and kept (the least recently used dropped first past MAX_KEPT_FILTERS filters or
   * KEPT_POSITIONS_PER_PRODUCT positions a product): shoppers tick a few tags out of a handful.
   */
  private matching(mainCategory: number | undefined, tags: readonly number[], inStock: boolean, options: readonly string[]): Matching {
    const sold = inStock && this.soldOut.length > 0;
    const plain = !sold && options.length === 0;
    const only = mainCategory === undefined && tags.length === 1 ? tags[0]! : tags.length === 0 ? mainCategory : undefined;
    if (plain && only !== undefined) return this.sequences.get(only) ?? NO_MATCH;
    if (plain && mainCategory === undefined && tags.length === 0) return { newest: this.newest, byPrice: this.byPrice };
    const optionKey = options.length === 0 ? "" : `:${JSON.stringify([...options].sort())}`;
    const key = `${mainCategory ?? ""}:${tags.length > 1 ? [...tags].sort((a, b) => a - b).join(",") : tags.join(",")}:${sold}${optionKey}`;
    const kept = this.matchingKept.get(key);
    if (kept) {
      // most recently used last
      this.matchingKept.delete(key);
      this.matchingKept.set(key, kept);
      return kept;
    }
    const base = mainCategory === undefined ? { newest: this.newest, byPrice: this.byPrice } : (this.sequences.get(mainCategory) ?? NO_MATCH);
    const tagged = tags.length === 0 ? null : this.anyOf(tags);
    const optioned = options.length === 0 ? null : this.withAnyValue(options);
    const keep = (pos: number) =>
      (tagged === null || tagged[pos] === 1) && (!sold || this.available[pos] === 1) && (optioned === null || optioned[pos] === 1);
    const matching = { newest: base.newest.filter(keep), byPrice: base.byPrice.filter(keep) };
    this.matchingKept.set(key, matching);
    this.keptPositions += 2 * matching.newest.length;
    for (const [oldest, dropped] of this.matchingKept) {
      if (this.matchingKept.size <= MAX_KEPT_FILTERS && this.keptPositions <= KEPT_POSITIONS_PER_PRODUCT * this.size) break;
      this.matchingKept.delete(oldest);
      this.keptPositions -= 2 * dropped.newest.length;
    }
    return matching;
  }

  /** 1 at the positions of the products with an enabled variant having any of these values (lower case). */
  private withAnyValue(values: readonly string[]): Uint8Array {
    const flags = new Uint8Array(this.size);
    for (const value of values) {
      const having = this.optionValueFlags.get(value);
      if (having) for (let pos = 0; pos < having.length; pos++) flags[pos]! |= having[pos]!;
    }
    return flags;
  }

  /**
   * The option values the enabled variants of a main category's products (or all products) have, for the
   * catalogue's filter: options grouped by name in any case (the first spelling met, newest product first),
   * each with its distinct values (any case) in the order first met.
   */
  optionValues(mainCategory: number | undefined): OptionValues[] {
    const key = String(mainCategory ?? "");
    const kept = this.optionValuesKept.get(key);
    if (kept) return kept;
    const positions = mainCategory === undefined ? this.newest : (this.sequences.get(mainCategory)?.newest ?? EMPTY);
    const byName = new Map<string, { name: string; values: string[]; seen: Set<string> }>();
    for (const pos of positions) {
      const product = this.products[pos]!;
      if (!product.options || !product.variants) continue;
      product.options.forEach((option, index) => {
        const nameKey = option.name.toLowerCase();
        let entry = byName.get(nameKey);
        if (!entry) byName.set(nameKey, (entry = { name: option.name, values: [], seen: new Set() }));
        for (const value of option.values) {
          const valueKey = value.value.toLowerCase();
          if (entry.seen.has(valueKey)) continue;
          if (!product.variants!.some((variant) => variant.option_value_ids[index] === value.id)) continue;
          entry.seen.add(valueKey);
          entry.values.push(value.value);
        }
      });
    }
    const list = [...byName.values()].filter((entry) => entry.values.length > 0).map(({ name, values }) => ({ name, values }));
    this.optionValuesKept.set(key, list);
    return list;
  }

  /** 1 at the positions of the products having any of the categories. */
  private anyOf(ids: readonly number[]): Uint8Array {
    if (ids.length === 1) return this.members.get(ids[0]!) ?? new Uint8Array(this.size);
    const flags = new Uint8Array(this.size);
    for (const id of ids) for (const pos of this.sequences.get(id)?.newest ?? EMPTY) flags[pos] = 1;
    return flags;
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
   * Up to `limit` products sharing a category with the given one, of the same kind first: those sharing its main
   * category, then by tags shared (most first), then the nearest in price, then newest (sort-order.ts,
   * similarFirst); never the product itself nor a sold-out one (stock 0: the shop offers only what can be bought
   * now). Undefined when there is no such product.
   */
  similar(id: number, limit: number): ProductCard[] | undefined {
    const pos = this.positionOf.get(id);
    if (pos === undefined) return undefined;
    const key = `${id}/${limit}`;
    const kept = this.similarKept.get(key);
    if (kept) return kept;
    const candidates = new Map<number, { pos: number; main: number; tags: number; priceGap: number }>();
    const price = this.prices[pos]!;
    for (const category of this.products[pos]!.categories) {
      for (const other of this.sequences.get(category.id)?.forSale ?? EMPTY) {
        if (other === pos) continue;
        let candidate = candidates.get(other);
        if (!candidate) candidates.set(other, (candidate = { pos: other, main: 0, tags: 0, priceGap: Math.abs(this.prices[other]! - price) }));
        if (category.type === "main") candidate.main++;
        else candidate.tags++;
      }
    }
    const best = [...candidates.values()].sort(similarFirst).slice(0, limit).map((candidate) => this.cards[candidate.pos]!);
    this.similarKept.set(key, best);
    return best;
  }

  /** Every product of the shop, newest first (the feed and the sitemap walk them). */
  get allProducts(): readonly Product[] {
    return this.products;
  }

  /**
   * The shop's search: up to `limit` products whose name or article holds the query, case-insensitive, ё = е,
   * ranked (search.ts has the rules).
   */
  search(query: string, limit: number): ProductCard[] {
    return this.index.ranked(searchText(query), limit).map((pos) => this.cards[pos]!);
  }

  /**
   * The admin's product list: every product, newest first, with its images and categories — the hidden ones
   * (drafts) first, then the shop's; `query` (when not blank) keeps the products the shop's search finds for it, by
   * the same matching (search.ts; a hidden product by its name or article holding the query); `soldOut` keeps only
   * sold-out products (stock 0). A page past the end is an empty list with the real totals.
   */
  adminList(query: string, page: number, limit: number, soldOut = false): { products: Product[]; total: number; totalPages: number; page: number } {
    const needle = searchText(query);
    const hidden = this.hiddenProducts.filter(
      (product) =>
        (!soldOut || product.stock === 0) &&
        (needle.length === 0 || searchText(product.name).includes(needle) || product.sku.toLowerCase().includes(needle)),
    );
    const shown = this.shownAdminList(needle, Math.max(0, (page - 1) * limit - hidden.length), limit, soldOut);
    const skip = (page - 1) * limit;
    const fromHidden = hidden.slice(skip, skip + limit);
    const products = [...fromHidden, ...shown.products.slice(0, limit - fromHidden.length)];
    const total = hidden.length + shown.total;
    return { products, total, totalPages: Math.ceil(total / limit), page };
  }

  /** adminList of the shop's products: `skip` of them, then up to `limit` */
  private shownAdminList(needle: string, skip: number, limit: number, soldOut: boolean): { products: Product[]; total: number } {
    let total: number;
    let positions: ArrayLike<number>;
    if (soldOut) {
      const all = needle.length === 0 ? this.soldOut : this.index.matching(needle).filter((pos) => this.available[pos] === 0);
      total = all.length;
      positions = all.slice(skip, skip + limit);
    } else if (needle.length === 0) {
      total = this.size;
      positions = this.newest.subarray(Math.min(skip, total), Math.min(skip + limit, total));
    } else {
      const all = this.index.matching(needle);
      total = all.length;
      positions = all.slice(skip, skip + limit);
    }
    const products = Array.from(positions, (pos) => this.adminProducts.get(pos) ?? this.products[pos]!);
    return { products, total };
  }

  /**
   * "Вам может понравиться": up to `limit` products that are not in the cart and not sold out (stock 0). Related ones first (sharing
   * categories with the cart, most shared first, then newest; in a big category only its `perCategory` newest
   * products outside the cart are candidates), then `bestSellers` (ids, best first) that are not in the cart,
   * then the newest products to fill the list. Unknown ids are ignored.
   */
  recommendations(cartIds: readonly number[], bestSellers: readonly number[], limit: number, perCategory: number): ProductCard[] {
    const inCart = (this.inCart ??= new Uint8Array(this.size));
    const cart: number[] = [];
    for (const id of cartIds) {
      const pos = this.positionOf.get(id);
      if (pos !== undefined && inCart[pos] === 0) {
        inCart[pos] = 1;
        cart.push(pos);
      }
    }
    const cartInOrder = cart.length > 1 ? [...cart].sort((a, b) => a - b) : cart;
    // each cart category's first products for sale, as many as make `perCategory` outside the cart
    const stretches: Stretch[] = [];
    const seen: Int32Array[] = [];
    for (const pos of cart) {
      for (const category of this.products[pos]!.categories) {
        const { forSale, forSaleBits } = this.sequences.get(category.id)!;
        if (seen.includes(forSale)) continue;
        seen.push(forSale);
        const members = this.members.get(category.id)!;
        let end = Math.min(forSale.length, perCategory);
        // each cart product for sale within the stretch makes it one longer (positions ascend in both lists)
        for (const inside of cartInOrder) {
          if (end === 0 || end === forSale.length) break;
          if (members[inside] === 1 && this.available[inside] === 1 && inside <= forSale[end - 1]!) end++;
        }
        if (end > 0) stretches.push({ bits: forSaleBits, last: forSale[end - 1]! });
      }
    }
    const scratchLength = (33 - Math.clz32(seen.length)) * ((this.size >> 5) + 1);
    if (this.scratch.length < scratchLength) this.scratch = new Int32Array(scratchLength);
    const chosen = mostShared(stretches, cart, limit, this.scratch);
    // the list is short: looking through it costs less than a Set
    const add = (pos: number) => {
      if (chosen.length < limit && this.available[pos] === 1 && inCart[pos] === 0 && !chosen.includes(pos)) chosen.push(pos);
    };
    for (const id of bestSellers) {
      if (chosen.length === limit) break;
      const pos = this.positionOf.get(id);
      if (pos !== undefined) add(pos);
    }
    for (let pos = 0; pos < this.size && chosen.length < limit; pos++) add(pos);
    for (const pos of cart) inCart[pos] = 0;
    return chosen.map((pos) => this.cards[pos]!);
  }
}
