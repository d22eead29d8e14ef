export * from "./categories";
