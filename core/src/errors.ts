/**
 * What can go wrong in the shop's own rules, in words a shopper or a manager may read (Russian). The API turns
 * a kind into an HTTP status (400, 401, 403, 404, 409, 422), the bot into a chat message; the domain knows neither.
 */
export type ShopErrorKind = "invalid" | "unauthorized" | "forbidden" | "not-found" | "conflict" | "unprocessable";

export class ShopError extends Error {
  constructor(
    readonly kind: ShopErrorKind,
    message: string,
    /** per field, for forms: { customer_phone: "…" } */
    readonly fields?: Record<string, string>,
    /** more for a program to read beside the message, e.g. { code: "out_of_stock", items: […] } */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ShopError";
  }
}

export const invalid = (message: string, fields?: Record<string, string>) => new ShopError("invalid", message, fields);
export const unauthorized = (message: string) => new ShopError("unauthorized", message);
export const forbidden = (message: string) => new ShopError("forbidden", message);
export const notFound = (message = "Не найдено") => new ShopError("not-found", message);
export const conflict = (message: string, details?: Record<string, unknown>) => new ShopError("conflict", message, undefined, details);
/** A request the shop understands but cannot carry out as asked (an Idempotency-Key reused for another checkout). */
export const unprocessable = (message: string) => new ShopError("unprocessable", message);

/** The messages of the two things most often looked for and not found, one text each wherever they are looked for. */
export const PRODUCT_NOT_FOUND = "Товар не найден";
export const ORDER_NOT_FOUND = "Заказ не найден";
