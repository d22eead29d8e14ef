export { changeOrderStatus, INVALID_STATUS } from "./change-status";
export { type KnownProducts, lineName, ORDER_MESSAGES, priceRequestedCart, type ProductPriceRow, type RequestedLine, type VariantPriceRow } from "./checkout";
export { type CustomerOrders, type CustomerOrderSummary, getCustomerOrder, listCustomerOrders } from "./customer-orders";
export { deleteExpiredPreparedOrders } from "./expired-prepared-orders";
export { KEY_USED_FOR_ANOTHER_ORDER } from "./idempotency";
export { getOrder, listOrders, type OrderPage } from "./order-list";
export { noopNotifier, type OrderNotifier } from "./order-notifier";
export { orderInclude, readOrder, toOrder } from "./order-record";
export { OrderSlots } from "./order-slots";
export { type CartLine, type LinePersonalization, lineSku, type Order, type OrderContact, type OrderDelivery, type PreparedDelivery, type QuotedDelivery } from "./order";
export { IDEMPOTENCY_KEY_PATTERN, placeOrder, type PlaceOrderInput, type PlaceOrderResult, resolveOrderIdentity } from "./place-order";
export {
  confirmPreparedOrder,
  findPreparedOrder,
  keepPreparedDelivery,
  type PreparedOrder,
  type PreparedOrderTicket,
  prepareOrder,
} from "./prepared-orders";
