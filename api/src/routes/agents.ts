import type { FastifyRequest } from "fastify";
import type { App } from "../app-type";
import type { CatalogSnapshot } from "@shop/core/catalog";
import { botLink } from "@shop/core/telegram";
import { SHOP_SKILL_PATH, aiCatalog, llmsTxt, shopSkill, type LlmsTxtInput } from "../pages/agents";

/**
 * /llms.txt and /.well-known/ai-catalog.json for AI agents (docs/product.md#ai-agents), answered by the server, never
 * with the app's HTML. The guide names the catalogue's categories: it is written once per catalogue snapshot.
 */
export default async function agentRoutes(app: App) {
  const origin = (request: FastifyRequest) => app.config.publicUrl ?? `${request.protocol}://${request.host}`;
  const guides = new WeakMap<CatalogSnapshot, Map<string, string>>();

  /** The guide's text for this request (its origin, whether orders are confirmed in the bot), once per snapshot. */
  const guide = async (request: FastifyRequest, write: (input: LlmsTxtInput) => string, kind: string) => {
    const catalog = await app.catalog.current();
    const base = origin(request);
    const confirmedInBot = botLink(app.config, app.botInfo) !== null;
    const key = `${kind} ${confirmedInBot} ${base}`;
    let kept = guides.get(catalog);
    if (!kept) guides.set(catalog, (kept = new Map()));
    let text = kept.get(key);
    if (text === undefined) {
      text = write({ origin: base, categories: catalog.categories, confirmedInBot });
      // a shop has one or two origins (its address, and the host a request named without PUBLIC_URL)
      if (kept.size < 8) kept.set(key, text);
    }
    return text;
  };

  app.get("/llms.txt", { schema: { hide: true } }, async (request, reply) =>
    reply.type("text/plain; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(await guide(request, llmsTxt, "llms")),
  );
  app.get(SHOP_SKILL_PATH, { schema: { hide: true } }, async (request, reply) =>
    reply.type("text/markdown; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(await guide(request, shopSkill, "skill")),
  );

  app.get("/.well-known/ai-catalog.json", { schema: { hide: true } }, async (request, reply) =>
    reply.type("application/json; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(JSON.stringify(aiCatalog(origin(request)))),
  );
}
