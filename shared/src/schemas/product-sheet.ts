import Type, { type Static } from "typebox";
import { Id } from "./common";

/** POST /api/admin/products/import: the file's text (CSV, `;` or `,`), and whether to apply it or only check it */
export const ImportBody = Type.Object({
  csv: Type.String({ maxLength: 900_000 }),
  apply: Type.Optional(Type.Boolean()),
});
export type ImportBody = Static<typeof ImportBody>;

export const SheetErrorJson = Type.Object({ line: Type.Integer(), column: Type.String(), message: Type.String() });
export type SheetErrorJson = Static<typeof SheetErrorJson>;

export const ImportResponse = Type.Object({
  message: Type.Optional(Type.String()),
  applied: Type.Boolean(),
  lines: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  errors: Type.Array(SheetErrorJson),
});
export type ImportResponse = Static<typeof ImportResponse>;

/** POST /api/admin/products/bulk */
export const BulkBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 500 }),
  action: Type.String({ maxLength: 32 }),
  value: Type.Optional(Type.Union([Type.Null(), Type.Number(), Type.String({ maxLength: 32 })])),
  category_ids: Type.Optional(Type.Array(Id, { maxItems: 100 })),
});
export type BulkBody = Static<typeof BulkBody>;

export const BulkResponse = Type.Object({ changed: Type.Integer() });
export type BulkResponse = Static<typeof BulkResponse>;
