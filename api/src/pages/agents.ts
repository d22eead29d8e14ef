import type { Category } from "@shop/shared/schemas/catalog";
import { categoryPath } from "@shop/shared/canonical";
import { SEARCH_RESULTS_LIMIT, SHOP_NAME } from "@shop/shared/constants";
import { toRoubles } from "@shop/shared/money";
import { DELIVERY_FEE, DISCOUNT_TIERS } from "@shop/shared/pricing";

/**
 * What AI agents read about the shop (docs/product.md#ai-agents): /llms.txt, a short Markdown guide to the shop (what
 * it sells, its categories, how to find a product and how to order one, with links), and
 * /.well-known/ai-catalog.json, the Agentic Resource Discovery manifest that lists what an agent can use: the
 * catalogue's open API, described by its OpenAPI document, and the guide. Pure string work; routes/agents.ts serves it.
 */

export const SHOP_SUMMARY = "Изделия ручной работы и декор для дома: керамика, текстиль, свечи, дерево. Доставка по России.";

/** Markdown link text cannot hold brackets unescaped; a category's name is the admin's text */
const linkText = (text: string) => text.replace(/[\\[\]]/g, (char) => `\\${char}`).replace(/\s+/g, " ").trim();

const productsWord = (count: number) => {
  const tens = count % 100;
  const ones = count % 10;
  if (tens >= 11 && tens <= 14) return "товаров";
  if (ones === 1) return "товар";
  if (ones >= 2 && ones <= 4) return "товара";
  return "товаров";
};

export interface LlmsTxtInput {
  origin: string;
  categories: readonly Category[];
  /** the website's orders are confirmed in the shop's Telegram bot (GET /api/config: checkoutMode 'bot') */
  confirmedInBot: boolean;
}

/** The shop's /llms.txt (llmstxt.org): an H1, a one-line summary, then sections of links. */
export function llmsTxt({ origin, categories, confirmedInBot }: LlmsTxtInput): string {
  const url = (path: string) => `${origin}${path}`;
  const mains = categories.filter((category) => category.type === "main" && category.product_count > 0);
  const tags = categories.filter((category) => category.type === "sub" && category.product_count > 0);
  const lines = [
    `# ${SHOP_NAME}`,
    "",
    `> ${SHOP_NAME} — магазин изделий ручной работы. ${SHOP_SUMMARY} Цены в рублях.`,
    "",
    "Каждый товар — страница магазина с ценой, наличием, размерами и фотографиями; те же данные отдаёт открытое API магазина в JSON, без входа.",
    "",
    "## Категории",
    "",
    ...(mains.length
      ? mains.map((category) => `- [${linkText(category.name)}](${url(categoryPath(category.id))}): ${category.product_count} ${productsWord(category.product_count)}`)
      : ["- В каталоге пока нет товаров."]),
    ...(tags.length
      ? ["", `Метки (фильтр каталога \`subCategories\`): ${tags.map((tag) => `${linkText(tag.name)} (${tag.id})`).join(", ")}.`]
      : []),
    "",
    "## Как найти товар",
    "",
    `- [Каталог](${url("/")}): все товары по 12 на странице; фильтры в адресе — \`mainCategory\` (категория), \`subCategories\` (метки через запятую), \`priceFrom\` и \`priceTo\` (рубли), \`sortOrder\` (\`price-asc\`, \`price-desc\`, \`new\` — новинки, \`popular\` — популярные), \`inStock=true\`, \`page\`.`,
    `- [Поиск](${url("/search")}) по названию или артикулу: \`${url("/search-results?q=ваза")}\`; в JSON — \`GET ${url(`/api/products/search?q=ваза&limit=${SEARCH_RESULTS_LIMIT}`)}\`.`,
    `- Страница товара: \`${url("/product/{id}")}\`; в JSON — \`GET ${url("/api/products/{id}")}\` (цена, наличие, размеры, материал, фото) и \`GET ${url("/api/products/{id}/similar")}\`.`,
    `- Каталог в JSON: \`GET ${url("/api/products?page=1&limit=100")}\` (те же фильтры), категории — \`GET ${url("/api/categories")}\`.`,
    `- [Карта сайта](${url("/sitemap.xml")}): каждая категория и каждый товар, который можно заказать.`,
    `- [Товарный фид](${url("/feed.yml")}) в формате YML Яндекса: все товары, которые можно заказать, с ценами, наличием, фото и вариантами.`,
    "",
    "## Как заказать",
    "",
    "1. На странице товара нажмите «Добавить в корзину». Корзина хранится в браузере покупателя.",
    `2. В [корзине](${url("/cart")}) проверьте количество и нажмите «Перейти к оформлению». Скидка от суммы: ${DISCOUNT_TIERS.map((tier) => `от ${toRoubles(tier.threshold)} ₽ — ${tier.percent} %`).join(", ")}.`,
    `3. На [странице оформления](${url("/checkout")}) укажите имя и телефон (обязательно), адрес доставки и комментарий и нажмите «Оформить заказ».`,
    confirmedInBot
      ? "4. Заказ с сайта подтверждается в Telegram-боте магазина: браузер откроет бота, подтвердите заказ там. Менеджер свяжется для уточнения доставки и оплаты."
      : "4. Заказ принят: откроется страница с его номером. Менеджер свяжется для уточнения доставки и оплаты.",
    "",
    `Цены и итог заказа считает сервер магазина; доставка — ${toRoubles(DELIVERY_FEE)} ₽, точную стоимость уточняет менеджер.`,
    "",
    "## Ссылки",
    "",
    `- [Каталог](${url("/")})`,
    `- [Корзина](${url("/cart")})`,
    `- [API магазина (OpenAPI)](${url("/api/docs/json")})`,
    `- [Каталог ресурсов для агентов](${url("/.well-known/ai-catalog.json")})`,
    `- [Политика конфиденциальности](${url("/privacy")})`,
    "",
  ];
  return lines.join("\n");
}

/** Where the shop's agent skill lives (the guide with a skill's front matter): the manifest's one entry. */
export const SHOP_SKILL_PATH = "/.well-known/agent-skills/shop/SKILL.md";

/** The guide as an agent skill (SKILL.md: a name and a description in front matter, then the instructions). */
export function shopSkill(input: LlmsTxtInput): string {
  const description = `Найти товар в магазине «${SHOP_NAME}» (изделия ручной работы), узнать цену и наличие и оформить заказ`;
  return ["---", "name: shop", `description: ${description}`, "---", "", llmsTxt(input)].join("\n");
}

/**
 * The Agentic Resource Discovery manifest (`/.well-known/ai-catalog.json`, AI Catalog 1.0): the host, and its entry,
 * the shop's agent skill (how to find, choose and order a product, with the catalogue's categories and the open API's
 * addresses), as an ARD entry of a standard type with the queries it serves.
 */
export function aiCatalog(origin: string): object {
  const { host, hostname } = new URL(origin);
  return {
    specVersion: "1.0",
    host: { displayName: SHOP_NAME, identifier: host, documentationUrl: `${origin}/llms.txt` },
    entries: [
      {
        identifier: `urn:air:${hostname}:skill:shop`,
        displayName: `${SHOP_NAME}: найти и заказать товар`,
        type: 'text/markdown; profile="urn:air:agent-skills"',
        url: `${origin}${SHOP_SKILL_PATH}`,
        description: `Магазин «${SHOP_NAME}»: ${SHOP_SUMMARY} Каталог с фильтрами, поиск, товары, корзина и заказ; открытое API в JSON.`,
        tags: ["shop", "catalog", "handmade"],
        capabilities: ["searchProducts", "getProduct", "listCategories", "placeOrder"],
        representativeQueries: [
          "найти керамическую вазу ручной работы",
          "сколько стоит товар и есть ли он в наличии",
          "подобрать подарок ручной работы до 2000 рублей",
        ],
      },
    ],
  };
}
