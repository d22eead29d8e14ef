export * from "./statistics";
