export * from "./adjust-stock";
export * from "./back-in-stock";
export * from "./order-stock";
export * from "./out-of-stock";
export * from "./stock-changes";
export * from "./stock-notifier";
