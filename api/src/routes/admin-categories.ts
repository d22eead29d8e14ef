import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { CategoryBody, DeleteCategoryResponse } from "@shop/shared/schemas/admin";
import { Category, CategoryList } from "@shop/shared/schemas/catalog";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import type { App } from "../app-type";
import { createCategory, deleteCategory, updateCategory } from "@shop/core/categories";
import { catalogJson, sendJson } from "../plugins/app/catalog";

const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export default async function adminCategoryRoutes(instance: App) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = app.requireAdmin;

  app.get(
    "/api/admin/categories",
    {
      onRequest,
      compress: false,
      schema: {
        tags: ["admin"],
        summary: "Categories and tags with product counts (main first, then tags, by name)",
        security,
        response: { 200: CategoryList, 401: ErrorResponse },
      },
    },
    async (_request, reply) => {
      const catalog = await app.catalog.latest();
      return sendJson(reply, catalogJson(app, catalog).categories(catalog.categories));
    },
  );

  app.post(
    "/api/admin/categories",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Create a main category or a tag",
        security,
        body: CategoryBody,
        response: { 201: Category, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(app.prisma, request.body, request.staff!.actor)),
  );

  app.put(
    "/api/admin/categories/:id",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Rename and/or retype a category",
        security,
        params: IdParams,
        body: CategoryBody,
        response: { 200: Category, ...errors },
      },
    },
    async (request) => updateCategory(app.prisma, request.params.id, request.body, request.staff!.actor),
  );

  app.delete(
    "/api/admin/categories/:id",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        summary: "Delete a category; its products stay, detached from it",
        security,
        params: IdParams,
        response: { 200: DeleteCategoryResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => deleteCategory(app.prisma, request.params.id, request.staff!.actor),
  );
}
