import type { OutgoingMessage } from "../outbox";

/** A product as stock messages name it. */
export interface StockProduct {
  id: number;
  /** for a variant: the product's name with the variant's title, «Кольцо (Размер: 17)» */
  name: string;
  /** the product's or the variant's article */
  sku: string;
  /** the variant whose stock changed, for a product with variants */
  variantId?: number;
}

/**
 * The port through which stock changes announce themselves: managers learn that a product ran low or out, waiting
 * shoppers that it is back. The bot implements it (with the order messages: orders' OrderNotifier extends it); the
 * messages are queued in the outbox with the change.
 */
export interface StockNotifier {
  /**
   * Managers: a product's stock fell to `left` pieces (0: sold out; otherwise at most lowStockThreshold).
   * `event` names the change that caused it (an order, an admin's edit), for the dedupe key.
   */
  stockFell?(product: StockProduct, left: number, event: string): OutgoingMessage[];
  /**
   * The Mini App users waiting for a product: it is back in stock (docs/product.md#back-in-stock). `anyVariant`: they
   * wait for any variant of the product, and `product.variantId` is the one that came back (their «Отписаться» ends
   * the product's subscription, not the variant's).
   */
  backInStock?(product: StockProduct, subscribers: readonly bigint[], event: string, waiting?: { anyVariant: true }): OutgoingMessage[];
  /** LOW_STOCK_THRESHOLD: managers hear of a product once its stock falls to this many pieces */
  readonly lowStockThreshold?: number;
  /** messages were committed to the outbox: the sender may look now */
  queued?(): void;
}
