import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { CategoryList } from "@shop/shared/schemas/catalog";
import type { App } from "../app-type";
import { sendCatalog } from "../plugins/app/catalog";

export default async function categoryRoutes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    "/api/categories",
    {
      compress: false,
      schema: {
        tags: ["catalog"],
        summary: "Main categories and tags with their product counts (main first, then tags, by name)",
        response: { 200: CategoryList },
      },
    },
    (request, reply) => sendCatalog(request, reply, (catalog, json) => json.categories(catalog.categories)),
  );
}
