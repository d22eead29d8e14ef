import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { adjustStock } from "@shop/core/stock";
import {
  AdminProductsQuery,
  AdminProductsResponse,
  CreateProductBody,
  StockDeltaBody,
  StockResponse,
  UpdateProductBody,
} from "@shop/shared/schemas/admin";
import { Product } from "@shop/shared/schemas/catalog";
import { ErrorResponse, IdParams, OkResponse } from "@shop/shared/schemas/common";
import type { App } from "../app-type";
import { listAdminProducts } from "@shop/core/catalog";
import { catalogJson, sendJson } from "../plugins/app/catalog";
import { createProduct, deleteProduct, readProduct, stockNow, updateProduct } from "@shop/core/products";

const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

export default async function adminProductRoutes(instance: App) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = app.requireAdmin;

  app.get(
    "/api/admin/products",
    {
      onRequest,
      compress: false,
      schema: {
        tags: ["admin"],
        summary: "Products with their categories, newest first; q searches the name or the article, soldOut=true keeps stock 0",
        security,
        querystring: AdminProductsQuery,
        response: { 200: AdminProductsResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const catalog = await app.catalog.latest();
      const page = listAdminProducts(catalog, request.query);
      return sendJson(reply, catalogJson(app, catalog).adminPage(page, await stockNow(app.db, page.products)));
    },
  );

  app.get(
    "/api/admin/products/:id",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "One product as the database has it now (its exact stock): what the editor opens",
        security,
        params: IdParams,
        response: { 200: Product, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => readProduct(app.prisma, request.params.id),
  );

  app.post(
    "/api/admin/products",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Create a product (the article is generated); imageUrls come from /api/admin/upload",
        security,
        body: CreateProductBody,
        response: { 201: Product, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createProduct(app.prisma, app.config.uploadDir, request.body)),
  );

  app.put(
    "/api/admin/products/:id",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Update a product: images is the full new list in order (kept ones by id, new uploads by URL)",
        security,
        params: IdParams,
        body: UpdateProductBody,
        response: { 200: Product, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => updateProduct(app.prisma, app.config.uploadDir, request.params.id, request.body, app.notifier),
  );

  app.post(
    "/api/admin/products/:id/stock",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Add (delta > 0) or take (delta < 0) pieces of a counted product; answers the new stock",
        description:
          "Atomic: stock = stock + delta, only if the result is at least 0. 409 when the product's stock is not " +
          "counted or would go below 0. Sold out, low stock and back in stock are announced as by an order. A product " +
          "with variants: variant_id names the variant whose pieces change (409 without it).",
        security,
        params: IdParams,
        body: StockDeltaBody,
        response: { 200: StockResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => ({ stock: await adjustStock(app.db, app.notifier, request.params.id, request.body.delta, request.body.variant_id) }),
  );

  app.delete(
    "/api/admin/products/:id",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Delete a product; past orders keep their copy of its name, article, image and price",
        security,
        params: IdParams,
        response: { 200: OkResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => deleteProduct(app.prisma, request.params.id),
  );
}
