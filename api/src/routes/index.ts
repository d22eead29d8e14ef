import type { App } from "../app";
import healthRoutes from "./health";
import webRoutes from "./web";

/** Every route area, in one list: `routes/<area>.ts` holds the routes of one URL area. */
export async function registerRoutes(app: App): Promise<void> {
  await app.register(healthRoutes);
  await app.register(webRoutes);
}
