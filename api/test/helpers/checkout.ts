import type { FixtureProduct } from "./fixtures";

/** A valid checkout form; tests override what they are about. */
export const CONTACT = {
  customer_name: "Анна Смирнова",
  customer_phone: "+7 (912) 345-67-89",
  delivery_address: "Москва, ул. Ленина, 1",
  comment: "Позвонить заранее",
};

/** A cart line of POST /api/orders as the web app sends it, with the client's idea of the price. */
export function line(product: FixtureProduct, quantity = 1, overrides: Record<string, unknown> = {}) {
  return {
    product_id: product.id,
    product_name: product.name,
    product_sku: product.sku,
    product_image: null,
    price: product.price,
    quantity,
    ...overrides,
  };
}
