import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** /llms.txt and /.well-known/ai-catalog.json for AI agents (docs/product.md#ai-agents). */

const ORIGIN = "https://shop.example.ru";
let t: TestApp;
let fixture: Fixture;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
  fixture = await createFixture(t.prisma);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: "GET", url });
/** Markdown links [text](url) */
const links = (text: string) => [...text.matchAll(/\[([^\]]+)\]\(([^)]+)\)/g)].map((match) => ({ text: match[1]!, url: match[2]! }));

describe("llms.txt", () => {
  it("is a Markdown guide with the shop's name, its summary, the categories, how to find and order a product, and links", async () => {
    const response = await get("/llms.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const text = response.body;
    expect(text).not.toMatch(/<html/i);
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Ремесло");
    expect(lines.filter((line) => line.startsWith("# "))).toHaveLength(1);
    expect(lines.find((line) => line.startsWith("> "))).toContain("изделий ручной работы");
    for (const section of ["## Категории", "## Как найти товар", "## Как заказать", "## Ссылки"]) expect(lines, section).toContain(section);
    const found = links(text);
    // every main category with its product count, linked to its page of the catalogue
    expect(found).toContainEqual({ text: "Керамика", url: `${ORIGIN}/?mainCategory=${fixture.categories.ceramics}` });
    expect(text).toContain(`(${ORIGIN}/?mainCategory=${fixture.categories.ceramics}): 4 товара`);
    expect(text).toContain(`(${ORIGIN}/?mainCategory=${fixture.categories.candles}): 3 товара`);
    expect(text).toContain(`В подарок (${fixture.categories.gift})`);
    expect(found.map((link) => link.url)).toEqual(
      expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/search`, `${ORIGIN}/cart`, `${ORIGIN}/checkout`, `${ORIGIN}/sitemap.xml`, `${ORIGIN}/feed.yml`, `${ORIGIN}/api/docs/json`, `${ORIGIN}/privacy`]),
    );
    expect(text).toContain(`${ORIGIN}/product/{id}`);
    expect(text).toContain(`GET ${ORIGIN}/api/products/search?q=`);
    // the buttons a shopper presses, as the pages name them
    for (const label of ["«Добавить в корзину»", "«Перейти к оформлению»", "«Оформить заказ»"]) expect(text).toContain(label);
    expect(text).toContain("от 500 ₽ — 5 %");
    // a shop without a bot takes the website's orders at once
    expect(text).not.toContain("Telegram-боте");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("follows the catalogue: a new category with products appears once the catalogue changes", async () => {
    const auth = { authorization: `Bearer ${await t.adminToken()}` };
    const category = await t.app.inject({ method: "POST", url: "/api/admin/categories", headers: auth, payload: { name: "Дерево [резьба]", type: "main" } });
    expect(category.statusCode).toBe(201);
    const { id } = category.json<{ id: number }>();
    const product = await t.app.inject({ method: "POST", url: "/api/admin/products", headers: auth, payload: { name: "Ложка резная", price: 300, categoryIds: [id] } });
    expect(product.statusCode).toBe(201);
    const text = (await get("/llms.txt")).body;
    expect(text).toContain(`- [Дерево \\[резьба\\]](${ORIGIN}/?mainCategory=${id}): 1 товар`);
  });
});

describe("ai-catalog.json", () => {
  it("is the Agentic Resource Discovery manifest: the host and the shop's agent skill, an entry of a standard type", async () => {
    const response = await get("/.well-known/ai-catalog.json");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const catalog = response.json<{ specVersion: string; host: { displayName: string; identifier: string }; entries: Record<string, unknown>[] }>();
    expect(catalog.specVersion).toBe("1.0");
    expect(catalog.host).toMatchObject({ displayName: "Ремесло", identifier: "shop.example.ru" });
    expect(catalog).not.toHaveProperty("collections");
    expect(catalog.entries).toHaveLength(1);
    const [entry] = catalog.entries as [Record<string, unknown>];
    // what Lighthouse's ARD check asks of an entry: a URN, a name, a standard type, exactly one of url and data, 2–5 queries
    expect(entry.identifier).toMatch(/^urn:air:([a-zA-Z0-9.-]+)(?::([a-zA-Z0-9._:-]+))?:([a-zA-Z0-9._-]+)$/);
    expect(entry.identifier).toBe("urn:air:shop.example.ru:skill:shop");
    expect(typeof entry.displayName).toBe("string");
    expect(entry.type).toBe('text/markdown; profile="urn:air:agent-skills"');
    expect(entry.data).toBeUndefined();
    expect((entry.representativeQueries as string[]).length).toBeGreaterThanOrEqual(2);
    expect((entry.representativeQueries as string[]).length).toBeLessThanOrEqual(5);
    // the skill it points at: the guide, with a skill's name and description in front matter
    expect(entry.url).toBe(`${ORIGIN}/.well-known/agent-skills/shop/SKILL.md`);
    const skill = await get(new URL(String(entry.url)).pathname);
    expect(skill.statusCode).toBe(200);
    expect(skill.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(skill.body).toMatch(/^---\nname: shop\ndescription: .+\n---\n\n# Ремесло\n/);
    expect(skill.body).toContain("## Как заказать");
  });
});
