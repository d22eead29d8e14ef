export * from "./product-mapping";
export * from "./products";
