import Type, { type Static } from "typebox";
import { CHECKOUT_MAX_LENGTH, MAX_ITEM_QUANTITY, MAX_ORDER_LINES } from "../constants";
import { Id, Money, Nullable, Page, TelegramUserId } from "./common";
import { DeliveryChoiceBody, OrderDeliveryWire } from "./delivery";

export const OrderStatus = Type.Union([
  Type.Literal("new"),
  Type.Literal("processing"),
  Type.Literal("shipped"),
  Type.Literal("completed"),
  Type.Literal("cancelled"),
]);
export type OrderStatusValue = Static<typeof OrderStatus>;

/** Payment in Telegram (docs/payments.md), apart from the order's status. */
export const PaymentStatus = Type.Union([Type.Literal("unpaid"), Type.Literal("invoiced"), Type.Literal("paid"), Type.Literal("refunded")]);
export type PaymentStatusValue = Static<typeof PaymentStatus>;

/** How an order's payment shows on the wire: its status and when it was paid (ISO, or null). */
export const OrderPayment = Type.Object({
  payment_status: PaymentStatus,
  paid_at: Nullable(Type.String()),
});
export type OrderPayment = Static<typeof OrderPayment>;

export const OrderSource = Type.Union([
  Type.Literal("website"),
  Type.Literal("mobile_web"),
  Type.Literal("telegram_mini_app"),
  Type.Literal("telegram_bot"),
]);
export type OrderSourceValue = Static<typeof OrderSource>;

/** A promo code as the shopper types it (any case); the server matches it case-insensitively. */
export const PromoCodeField = Type.String({ maxLength: 40 });

const Quantity = Type.Integer({ minimum: 1, maximum: MAX_ITEM_QUANTITY });

/**
 * What the shopper filled in for a line's personalisation: text and gift_note the text, choice the chosen value,
 * gift_wrap "1". Prices come from the product, never from here.
 */
export const LinePersonalization = Type.Array(
  Type.Object({ field_id: Id, value: Type.String({ maxLength: 500 }) }),
  { maxItems: 20 },
);
export type LinePersonalization = Static<typeof LinePersonalization>;

/** A cart line's variant and personalisation (docs/api.md#variants-and-personalisation). */
const LineChoice = {
  /** required when the product has options */
  variant_id: Type.Optional(Id),
  personalization: Type.Optional(LinePersonalization),
};

/**
 * The checkout form. Name and phone are checked by the server with the Russian messages of
 * docs/product.md#checkout-validation (a blank name is a 400 with 'Введите имя', not a schema error), so they are
 * plain strings here.
 */
export const CheckoutFields = Type.Object({
  customer_name: Type.String({ maxLength: CHECKOUT_MAX_LENGTH.customer_name }),
  customer_phone: Type.String({ maxLength: CHECKOUT_MAX_LENGTH.customer_phone }),
  delivery_address: Type.Optional(Nullable(Type.String({ maxLength: CHECKOUT_MAX_LENGTH.delivery_address }))),
  comment: Type.Optional(Nullable(Type.String({ maxLength: CHECKOUT_MAX_LENGTH.comment }))),
});
export type CheckoutFields = Static<typeof CheckoutFields>;

/** A cart line of a direct order. Only product_id and quantity count: names and prices come from the database. */
export const OrderCartItem = Type.Object({
  product_id: Id,
  quantity: Quantity,
  product_name: Type.Optional(Type.String({ maxLength: 200 })),
  product_sku: Type.Optional(Type.String({ maxLength: 100 })),
  product_image: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  price: Type.Optional(Type.Number()),
  ...LineChoice,
});

/** POST /api/orders: the mini-app order (and the website order when no bot is configured). */
export const CreateOrderBody = Type.Intersect([
  CheckoutFields,
  Type.Object({
    source: Type.Optional(OrderSource),
    telegram_user_id: Type.Optional(Nullable(TelegramUserId)),
    telegram_username: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    telegram_first_name: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
    telegram_last_name: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
    cart_items: Type.Array(OrderCartItem, { maxItems: MAX_ORDER_LINES }),
    /** the delivery method chosen at checkout (docs/delivery.md); absent: the shop's fixed fee */
    delivery: Type.Optional(Nullable(DeliveryChoiceBody)),
    /** docs/api.md#promo-codes; absent, null or empty: none */
    promo_code: Type.Optional(Nullable(PromoCodeField)),
  }),
]);
export type CreateOrderBody = Static<typeof CreateOrderBody>;

export const OrderTotals = Type.Object({
  subtotal: Money,
  /** the volume tier's percent; 0 when a promo code gives the discount */
  discount_percent: Type.Integer(),
  discount_amount: Money,
  delivery_cost: Money,
  total: Money,
  /** present only when a promo code gave the discount (discount_amount is then the code's) */
  promo_code: Type.Optional(Type.String()),
});
export type OrderTotals = Static<typeof OrderTotals>;

export const CreateOrderResponse = Type.Intersect([
  Type.Object({
    id: Type.Integer(),
    order_number: Type.String(),
    status: OrderStatus,
    /** 'invoiced' when the order got its invoice at once (a known delivery price, payments on) */
    payment_status: Type.Optional(PaymentStatus),
    delivery: Type.Optional(Nullable(OrderDeliveryWire)),
  }),
  OrderTotals,
]);
export type CreateOrderResponse = Static<typeof CreateOrderResponse>;

/** A cart line of a prepared order: again, only id and quantity are trusted. */
export const PrepareCartItem = Type.Object({
  id: Id,
  quantity: Quantity,
  name: Type.Optional(Type.String({ maxLength: 200 })),
  price: Type.Optional(Type.Number()),
  image: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  sku: Type.Optional(Type.String({ maxLength: 100 })),
  ...LineChoice,
});

/** POST /api/orders/prepare: the website checkout, confirmed later in the bot. Client totals are ignored. */
export const PrepareOrderBody = Type.Object({
  order: CheckoutFields,
  cart: Type.Array(PrepareCartItem, { maxItems: MAX_ORDER_LINES }),
  totals: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  source: Type.Optional(OrderSource),
  /** the delivery chosen (docs/delivery.md): quoted now and again when the shopper confirms in the bot */
  delivery: Type.Optional(Nullable(DeliveryChoiceBody)),
  /** docs/api.md#promo-codes; absent, null or empty: none */
  promo_code: Type.Optional(Nullable(PromoCodeField)),
});
export type PrepareOrderBody = Static<typeof PrepareOrderBody>;

export const PrepareOrderResponse = Type.Intersect([
  Type.Object({
    /** Telegram start parameter: at most 64 characters of A–Z a–z 0–9 _ - */
    token: Type.String(),
    expires_at: Type.String(),
    /** https://t.me/<bot>?start=<token>, or null when no bot is configured */
    bot_link: Nullable(Type.String()),
  }),
  OrderTotals,
]);
export type PrepareOrderResponse = Static<typeof PrepareOrderResponse>;

export const OrderItemPersonalization = Type.Object({ label: Type.String(), value: Type.String(), price: Money });
export type OrderItemPersonalization = Static<typeof OrderItemPersonalization>;

export const OrderItem = Type.Object({
  id: Type.Integer(),
  product_id: Nullable(Type.Integer()),
  product_name: Type.String(),
  product_sku: Type.String(),
  product_image: Nullable(Type.String()),
  /** the piece's price, extras included */
  price: Money,
  quantity: Type.Integer(),
  /**
   * The variant, its title («Размер: 17, Цвет: синий») and the personalisation as ordered (each extra's price per
   * piece): present only on lines that have them, so that a plain line answers as it always did. variant_id is
   * null once the variant was deleted (the title stays).
   */
  variant_id: Type.Optional(Nullable(Type.Integer())),
  variant_title: Type.Optional(Type.String()),
  personalization: Type.Optional(Type.Array(OrderItemPersonalization)),
});
export type OrderItem = Static<typeof OrderItem>;

/** Order as the admin sees it (docs/api-admin.md#orders), with the source and the Telegram customer. */
export const AdminOrder = Type.Object({
  id: Type.Integer(),
  order_number: Type.String(),
  created_at: Type.String(),
  customer_name: Type.String(),
  customer_phone: Type.String(),
  telegram_user_id: Nullable(Type.String()),
  telegram_username: Nullable(Type.String()),
  delivery_address: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  status: OrderStatus,
  source: Type.String(),
  subtotal: Money,
  discount_percent: Type.Integer(),
  discount_amount: Money,
  delivery_cost: Money,
  total: Money,
  /** present only when a promo code gave the discount */
  promo_code: Type.Optional(Type.String()),
  payment_status: PaymentStatus,
  paid_at: Nullable(Type.String()),
  items: Type.Array(OrderItem),
  delivery: Type.Optional(Nullable(OrderDeliveryWire)),
});
export type AdminOrder = Static<typeof AdminOrder>;

export const AdminOrdersQuery = Type.Object({
  page: Type.Optional(Page),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  status: Type.Optional(Type.Union([OrderStatus, Type.Literal("all")])),
  payment_status: Type.Optional(PaymentStatus),
});
export type AdminOrdersQuery = Static<typeof AdminOrdersQuery>;

export const AdminOrdersResponse = Type.Object({
  orders: Type.Array(AdminOrder),
  totalPages: Type.Integer(),
  total: Type.Integer(),
  page: Type.Integer(),
});
export type AdminOrdersResponse = Static<typeof AdminOrdersResponse>;

export const StatusBody = Type.Object({ status: Type.String({ maxLength: 32 }) });
export type StatusBody = Static<typeof StatusBody>;

/** My orders (messenger only): the list, and one order with its items. */
export const MyOrderSummary = Type.Object({
  id: Type.Integer(),
  order_number: Type.String(),
  created_at: Type.String(),
  total: Money,
  status: OrderStatus,
  payment_status: PaymentStatus,
  paid_at: Nullable(Type.String()),
  delivery: Type.Optional(Nullable(OrderDeliveryWire)),
});
export type MyOrderSummary = Static<typeof MyOrderSummary>;

export const MyOrdersResponse = Type.Object({
  orders: Type.Array(MyOrderSummary),
  lastAddress: Nullable(Type.String()),
});
export type MyOrdersResponse = Static<typeof MyOrdersResponse>;

export const MyOrderDetail = Type.Intersect([
  MyOrderSummary,
  OrderTotals,
  Type.Object({
    delivery_address: Nullable(Type.String()),
    comment: Nullable(Type.String()),
    items: Type.Array(OrderItem),
  }),
]);
export type MyOrderDetail = Static<typeof MyOrderDetail>;

export const OutOfStockItem = Type.Object({
  product_id: Type.Integer(),
  name: Type.String(),
  available: Type.Integer({ minimum: 0 }),
  /** the short line's variant, for a product with variants */
  variant_id: Type.Optional(Type.Integer()),
});
export type OutOfStockItem = Static<typeof OutOfStockItem>;

/** 409 of an order (or a prepared checkout) asking for more pieces than are left: every short line. */
export const OutOfStockResponse = Type.Object({
  /** names the first short line: «Товар «…» закончился» or «Товара «…» осталось N шт.» */
  message: Type.String(),
  code: Type.Literal("out_of_stock"),
  items: Type.Array(OutOfStockItem),
});
export type OutOfStockResponse = Static<typeof OutOfStockResponse>;

/** Any 409 of placing an order: out of stock (with code and items), or another conflict (message only). */
export const OrderConflictResponse = Type.Object({
  message: Type.String(),
  code: Type.Optional(Type.Union([Type.Literal("out_of_stock"), Type.Literal("delivery_changed"), Type.Literal("promo_code_refused")])),
  /** promo_code_refused: why (the reasons of POST /api/promo-codes/check) */
  reason: Type.Optional(Type.String()),
  items: Type.Optional(Type.Array(OutOfStockItem)),
  /** delivery_changed: the new quote of the chosen method, to show and order with */
  delivery: Type.Optional(
    Type.Object({ method: Type.String(), price: Money, fee: Nullable(Money), text: Type.String(), quote_id: Nullable(Type.String()) }),
  ),
});

/** POST /api/orders/{id}/invoice: the delivery cost the manager fixed, in roubles (docs/payments.md). */
export const InvoiceBody = Type.Object({
  delivery_cost: Type.Number({ minimum: 0, maximum: 100_000 }),
});
export type InvoiceBody = Static<typeof InvoiceBody>;

export const InvoiceResponse = Type.Object({
  id: Type.Integer(),
  delivery_cost: Money,
  total: Money,
  payment_status: Type.Literal("invoiced"),
});
export type InvoiceResponse = Static<typeof InvoiceResponse>;

export const RefundedResponse = Type.Object({ id: Type.Integer(), payment_status: Type.Literal("refunded") });
export type RefundedResponse = Static<typeof RefundedResponse>;

/** POST /api/my-orders/{id}/invoice-link: the order's current invoice for the Mini App's openInvoice. */
export const InvoiceLinkResponse = Type.Object({ url: Type.String() });
export type InvoiceLinkResponse = Static<typeof InvoiceLinkResponse>;

/** POST /api/promo-codes/check: a code against a cart (docs/api.md#promo-codes). */
export const PromoCheckBody = Type.Object({
  code: PromoCodeField,
  cart_items: Type.Array(Type.Object({ product_id: Id, quantity: Quantity, variant_id: Type.Optional(Id), personalization: Type.Optional(LinePersonalization) }), {
    maxItems: MAX_ORDER_LINES,
  }),
  /** counts the customer's own uses when given */
  customer_phone: Type.Optional(Nullable(Type.String({ maxLength: CHECKOUT_MAX_LENGTH.customer_phone }))),
});
export type PromoCheckBody = Static<typeof PromoCheckBody>;

export const PromoCheckResponse = Type.Object({
  /** the code in capitals, as the shop keeps it */
  code: Type.String(),
  /** the code is valid for this cart */
  applies: Type.Boolean(),
  /** the code gives the discount (it is larger than the volume discount) */
  wins: Type.Boolean(),
  /** what to show by the code field */
  message: Type.String(),
  /** why it does not apply: unknown, off, not-started, expired, used-up, used-by-customer, minimum, scope */
  reason: Nullable(Type.String()),
  /** what the code alone would take off */
  promo_discount: Money,
  /** for reason "minimum": how much more the cart needs */
  missing: Nullable(Money),
  /** the cart's totals with the rule applied (delivery: the fixed fee) */
  totals: OrderTotals,
});
export type PromoCheckResponse = Static<typeof PromoCheckResponse>;
