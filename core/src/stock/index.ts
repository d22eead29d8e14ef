export { adjustStock, DELTA_INVALID, STOCK_NOT_COUNTED } from "./adjust-stock";
export { isSubscribed, PRODUCT_AVAILABLE, subscribe, unsubscribe } from "./back-in-stock";
export { piecesGone, returnOrderPieces, takeOrderPiecesAgain } from "./order-stock";
export { canOrder, outOfStock, outOfStockItems } from "./out-of-stock";
export { announceStockChanges, DEFAULT_LOW_STOCK_THRESHOLD, type StockChange, stockFallMessages } from "./stock-changes";
export { type StockNotifier, type StockProduct } from "./stock-notifier";
