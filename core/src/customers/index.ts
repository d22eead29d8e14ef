export * from "./sync-telegram-user";
export * from "./telegram-customers";
