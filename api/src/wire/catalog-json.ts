import fastJson from "fast-json-stringify";
import type { AdminProductsResponse } from "@shop/shared/schemas/admin";
import { Category, Product, ProductCard, type CatalogResponse } from "@shop/shared/schemas/catalog";

const cardToJson = fastJson(ProductCard);
const productToJson = fastJson(Product);
const categoriesToJson = fastJson({ type: "array", items: Category });

const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]");
const PAGE_OPEN = Buffer.from('{"products":[');
const SEARCH_OPEN = PAGE_OPEN;
const SEARCH_CLOSE = Buffer.from("]}");

/** A card's JSON, and the same bytes after a comma: one piece per card in a list instead of two. */
interface CardJson {
  json: Buffer;
  afterComma: Buffer;
}

/**
 * The public catalogue's answers as UTF-8 JSON, put together from pieces serialised once per catalogue
 * snapshot: each product card and each product page is turned into JSON the first time it is asked for (with
 * its schema in @shop/shared/schemas/catalog, as the route's own serializer would), and every catalogue page,
 * search answer or list of similar products afterwards only copies those bytes. Serialising the cards of every
 * answer again, then measuring and encoding the Russian text of each answer for the socket, was most of the CPU
 * a catalogue page cost beside the HTTP work itself.
 *
 * The shapes written here are the routes' response schemas (CatalogResponse, SearchResponse, ProductCardList,
 * Product, the category list, AdminProductsResponse): api/test/catalog-json.test.ts compares them with the
 * schemas' own serializer.
 */
export class CatalogJson {
  // by product id: one snapshot has one card and one product per id, and an array index costs less than a Map's
  // hashing on the ten or so cards of every answer. Made as long as the largest id, so that filling them in any
  // order keeps them plain arrays.
  private readonly cardJson: (CardJson | undefined)[];
  private readonly productJson: (Buffer | undefined)[];
  private categoriesJson: { of: readonly Category[]; json: Buffer } | undefined;

  /** `largestId`: of the catalogue whose cards and products this writes (CatalogSnapshot.largestId) */
  constructor(largestId = 0) {
    this.cardJson = new Array<CardJson | undefined>(largestId + 1);
    this.productJson = new Array<Buffer | undefined>(largestId + 1);
  }

  card(card: ProductCard): Buffer {
    return this.cardPieces(card).json;
  }

  /** A JSON array of cards. */
  cards(cards: readonly ProductCard[]): Buffer {
    return this.joined(OPEN, cards, CLOSE);
  }

  page(page: CatalogResponse): Buffer {
    return this.joined(PAGE_OPEN, page.products, Buffer.from(`],"totalPages":${page.totalPages},"total":${page.total},"page":${page.page}}`));
  }

  search(products: readonly ProductCard[]): Buffer {
    return this.joined(SEARCH_OPEN, products, SEARCH_CLOSE);
  }

  product(product: Product): Buffer {
    return (this.productJson[product.id] ??= Buffer.from(productToJson(product)));
  }

  /**
   * The admin's product list: full products, joined from the product pages' pieces; a product whose stock in
   * `stockNow` differs from the catalogue's is written with that stock.
   */
  adminPage(page: AdminProductsResponse, stockNow: ReadonlyMap<number, number | null> = new Map()): Buffer {
    const pieces: Buffer[] = [PAGE_OPEN];
    for (let i = 0; i < page.products.length; i++) {
      if (i > 0) pieces.push(COMMA);
      const product = page.products[i]!;
      const stock = stockNow.get(product.id);
      // the admin's copy of a product with switched-off variants, or a hidden one, is not the shop's page: written as it is
      const adminOnly = product.variants?.some((variant) => !variant.enabled) === true || product.hidden === true;
      pieces.push(
        (stock === undefined || stock === product.stock) && !adminOnly
          ? this.product(product)
          : Buffer.from(productToJson(stock === undefined ? product : { ...product, stock })),
      );
    }
    pieces.push(Buffer.from(`],"total":${page.total},"totalPages":${page.totalPages},"page":${page.page}}`));
    return Buffer.concat(pieces);
  }

  categories(categories: readonly Category[]): Buffer {
    if (this.categoriesJson?.of !== categories) {
      this.categoriesJson = { of: categories, json: Buffer.from(categoriesToJson(categories as Category[])) };
    }
    return this.categoriesJson.json;
  }

  private cardPieces(card: ProductCard): CardJson {
    let pieces = this.cardJson[card.id];
    if (pieces === undefined) {
      const afterComma = Buffer.from("," + cardToJson(card));
      this.cardJson[card.id] = pieces = { json: afterComma.subarray(1), afterComma };
    }
    return pieces;
  }

  /** open, the cards' JSON separated by commas, close: in one buffer */
  private joined(open: Buffer, cards: readonly ProductCard[], close: Buffer): Buffer {
    const pieces = new Array<Buffer>(cards.length + 2);
    pieces[0] = open;
    let length = open.length + close.length;
    for (let i = 0; i < cards.length; i++) {
      const card = this.cardPieces(cards[i]!);
      const piece = i === 0 ? card.json : card.afterComma;
      pieces[i + 1] = piece;
      length += piece.length;
    }
    pieces[cards.length + 1] = close;
    return Buffer.concat(pieces, length);
  }
}
