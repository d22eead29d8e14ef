export { bestSellerIds, forgetBestSellers, knownBestSellerIds } from "./best-sellers";
export { knownProducts } from "./known-products";
export { extraKeys, productExtras, type ProductExtras, shownFigures, type VariantRows } from "./product-variants";
export { getProduct, listAdminProducts, listProducts, optionValues, PRICE_INVALID_MESSAGE, PRICE_RANGE_MESSAGE, recommendations, similarProducts } from "./reads";
export { type ShopCatalog, shopCatalog } from "./shop-catalog";
export { type CatalogFilter, type CatalogRows, CatalogSnapshot } from "./snapshot";
export { compareCategories } from "./sort-order";
export { CATALOG_CHECK_MS, CatalogStore, type CatalogStoreOptions, LOAD_SLICE, loadCatalog } from "./store";
