import Type, { type Static } from "typebox";
import { Id } from "./common";

/** GET, POST and DELETE /api/products/{id}/back-in-stock: whether the Mini App user waits for this product. */
export const BackInStockResponse = Type.Object({ subscribed: Type.Boolean() });
export type BackInStockResponse = Static<typeof BackInStockResponse>;

/** The back-in-stock routes' query: the variant waited for (a product with variants needs one). */
export const BackInStockQuery = Type.Object({ variant_id: Type.Optional(Id) });
export type BackInStockQuery = Static<typeof BackInStockQuery>;
