export * from "./bot-info";
export * from "./product-share";
