import Type, { type Static } from "typebox";

/** GET, POST and DELETE /api/products/{id}/back-in-stock: whether the Mini App user waits for this product. */
export const BackInStockResponse = Type.Object({ subscribed: Type.Boolean() });
export type BackInStockResponse = Static<typeof BackInStockResponse>;
