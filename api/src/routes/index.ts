import type { App } from "../app-type";
import healthRoutes from "./health";
import webRoutes from "./web";
import categoryRoutes from "./categories";
import productRoutes from "./products";
import cartRoutes from "./cart";
import configRoutes from "./config";
import orderRoutes from "./orders";
import myOrderRoutes from "./my-orders";
import backInStockRoutes from "./back-in-stock";
import telegramUserRoutes from "./telegram-user";
import telegramShareRoutes from "./telegram-share";
import telegramPhotoRoutes from "./telegram-photo";
import authRoutes from "./auth";
import adminCategoryRoutes from "./admin-categories";
import uploadRoutes from "./upload";
import adminProductRoutes from "./admin-products";
import adminOrderRoutes from "./admin-orders";
import adminStatsRoutes from "./stats";
import paymentRoutes from "./payments";
import seoRoutes from "./seo";
import agentRoutes from "./agents";

/** Every route area, in one list: `routes/<area>.ts` holds the routes of one URL area. */
export async function registerRoutes(app: App): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(adminCategoryRoutes);
  await app.register(uploadRoutes);
  await app.register(adminProductRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminStatsRoutes);
  await app.register(categoryRoutes);
  await app.register(productRoutes);
  await app.register(cartRoutes);
  await app.register(configRoutes);
  await app.register(orderRoutes);
  await app.register(myOrderRoutes);
  await app.register(paymentRoutes);
  await app.register(backInStockRoutes);
  await app.register(telegramUserRoutes);
  await app.register(seoRoutes);
  await app.register(agentRoutes);
  await app.register(telegramShareRoutes);
  await app.register(telegramPhotoRoutes);
  await app.register(webRoutes);
}
