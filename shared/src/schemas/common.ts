import Type, { type Static } from "typebox";

/** Every error the API returns: `{ message }`, Russian where a person reads it; `errors` names the bad fields. */
export const ErrorResponse = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type IdParams = Static<typeof IdParams>;

export const OkResponse = Type.Object({ ok: Type.Literal(true) });

/**
 * Null first: the server's validator coerces types, and with the value's schema first a JSON null would be
 * coerced to 0 or "" by that branch before the null branch is tried (depth: null would be stored as 0).
 */
export const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

/** Money in roubles with kopecks, e.g. 1234.5 */
export const Money = Type.Number();
