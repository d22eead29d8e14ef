export * from "./invoice-links";
export * from "./invoice-payload";
export * from "./payments";
