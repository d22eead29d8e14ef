/**
 * The errors a route or one of the API's services throws, mapped to answers by the errors plugin
 * (plugins/app/errors.ts): the shop's own (ShopError from @shop/core/errors, re-exported here under the names
 * routes use) and those of the HTTP layer itself.
 */
export { invalid as badRequest, notFound, conflict } from "@shop/core/errors";

/**
 * An error of the HTTP layer itself (401 of a missing token, 413, 429) whose message a shopper or an admin may
 * read: it goes out as `{ message, errors? }`. The shop's own rules throw ShopError (@shop/core/errors).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * docs/api.md#errors: the database cannot be reached, or it gave up the request's transaction in a conflict with
 * others more times than it is retried; nothing was written, the same request may be sent again
 */
export const DATABASE_UNAVAILABLE_MESSAGE = "Магазин временно недоступен. Повторите попытку через минуту.";
export const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 10;
