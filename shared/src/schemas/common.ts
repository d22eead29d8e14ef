import Type, { type Static } from "typebox";
import { MAX_DB_ID } from "../ids";

/** Every error the API returns: `{ message }`, Russian where a person reads it; `errors` names the bad fields. */
export const ErrorResponse = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

/** A row's id: a whole number the database can hold. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_DB_ID });

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

export const OkResponse = Type.Object({ ok: Type.Literal(true) });

/**
 * Null first: the server's validator coerces types, and with the value's schema first a JSON null would be
 * coerced to 0 or "" by that branch before the null branch is tried (depth: null would be stored as 0).
 */
export const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

/** A page number of a list: from 1; far past any real list's end, but a number every part of the shop can hold. */
export const Page = Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 });

/** A Telegram user's id: a whole number of up to 52 bits, as a JSON number or a string of digits. */
export const TelegramUserId = Type.Union([
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  Type.String({ pattern: "^\\d{1,16}$" }),
]);

/** Money in roubles with kopecks, e.g. 1234.5 */
export const Money = Type.Number();
