import Type, { type Static } from "typebox";
import { Nullable, TelegramUserId } from "./common";

export const TelegramUserBody = Type.Object({
  telegram_user_id: TelegramUserId,
  telegram_username: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  telegram_first_name: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
  telegram_last_name: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
  language_code: Type.Optional(Nullable(Type.String({ maxLength: 16 }))),
});
export type TelegramUserBody = Static<typeof TelegramUserBody>;

export const TelegramUserResponse = Type.Object({
  telegram_user_id: Type.String(),
  telegram_username: Nullable(Type.String()),
  telegram_first_name: Nullable(Type.String()),
  telegram_last_name: Nullable(Type.String()),
  order_count: Type.Integer(),
});
export type TelegramUserResponse = Static<typeof TelegramUserResponse>;

export const ConfigResponse = Type.Object({
  /** the bot's username without '@', or null when no bot is configured */
  botUsername: Nullable(Type.String()),
  /** https://t.me/<bot>; the website checkout appends ?start=<token>. Null: the website creates orders itself */
  botLink: Nullable(Type.String()),
  /** 'bot': website checkouts are prepared and confirmed in the bot; 'direct': POST /api/orders from the site */
  checkoutMode: Type.Union([Type.Literal("bot"), Type.Literal("direct")]),
  /**
   * https://t.me/<bot>/<app> of the Mini App registered with BotFather (TELEGRAM_MINI_APP_URL), or null. The Mini
   * App shares products as <miniAppUrl>?startapp=product_<id>, which opens the Mini App on that product.
   */
  miniAppUrl: Nullable(Type.String()),
  deliveryFee: Type.Number(),
  /** orders can be paid in Telegram (PAYMENT_PROVIDER_TOKEN and a bot are configured; docs/payments.md) */
  payments: Type.Boolean(),
  discountTiers: Type.Array(Type.Object({ threshold: Type.Number(), percent: Type.Number() })),
});
export type ConfigResponse = Static<typeof ConfigResponse>;

export const ShareProductParams = Type.Object({ productId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type ShareProductParams = Static<typeof ShareProductParams>;

/** The id of a message prepared for the user (savePreparedInlineMessage): the Mini App passes it to shareMessage. */
export const ShareProductResponse = Type.Object({ id: Type.String() });
export type ShareProductResponse = Static<typeof ShareProductResponse>;
