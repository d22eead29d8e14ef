import { createHmac } from "node:crypto";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { CONTACT, line } from "./helpers/checkout";
import { BOT_ENV, initDataHeader } from "./helpers/telegram";
import { multipart } from "./helpers/multipart";

/**
 * Hostile input against every endpoint the API documents: every field of every operation in the OpenAPI document
 * (/api/docs/json) gets every value of a corpus, one field at a time, the others valid. Nothing may answer ≥ 500,
 * every error is JSON `{ message }` in Russian, and no documented endpoint may be left out.
 */

const JWT_SECRET = "bad-input-test-secret-of-at-least-32-characters";
const TELEGRAM_USER = { id: 700100, first_name: "Ирина" };

let t: TestApp;
let fixture: Fixture;
let token: string;
let orderId: number;
let spareProductId: number;

/** A value sent as it is written here, inside JSON (1e309 is JSON, but no JavaScript value stringifies to it). */
class Raw {
  constructor(readonly json: string) {}
}

const EMOJI = "😀".repeat(2000);
const STRINGS: unknown[] = [
  "",
  " ",
  "x".repeat(100_000),
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  EMOJI,
  "$'",
  "$`$&",
  "<script>alert(1)</script>",
  "&amp;&lt;&#0;".repeat(300) + "<&>",
  "' OR 1=1; DROP TABLE orders; --",
  "Москва",
];
const NUMBERS: unknown[] = [
  -1,
  0,
  1.5,
  1e20,
  new Raw("1e309"),
  new Raw("-1e309"),
  "Infinity",
  "-Infinity",
  "0x10",
  "1e3",
  "NaN",
  "12",
  " 7",
  new Raw("9007199254740993"),
  null,
  true,
  [1, 2],
  { a: 1 },
  [],
];
const CORPUS = [...STRINGS, ...NUMBERS];

/** Query strings and path segments: as a URL carries them (already encoded). */
const URL_VALUES = [
  "",
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%FF",
  encodeURIComponent(EMOJI.slice(0, 400)),
  "x".repeat(5000),
  "%24'",
  "%3Cscript%3E",
  "-1",
  "0",
  "1.5",
  "1e20",
  "1e309",
  "Infinity",
  "-Infinity",
  "0x10",
  "NaN",
  "abc",
  "9007199254740993",
  "99999999999999999999999",
];

function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Raw) {
      raws.push(item.json);
      return `__RAW_${raws.length - 1}__`;
    }
    return item;
  });
  return text.replace(/"__RAW_(\d+)__"/g, (_match, index: string) => raws[Number(index)]!);
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  allOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
}

/** A valid value for a field, by its name where the name decides, else from its schema. */
function sample(schema: Schema, name: string): unknown {
  const known: Record<string, unknown> = {
    customer_name: CONTACT.customer_name,
    customer_phone: CONTACT.customer_phone,
    delivery_address: CONTACT.delivery_address,
    comment: CONTACT.comment,
    product_id: fixture.products[0]!.id,
    cart_items: [line(fixture.products[0]!)],
    cart: [{ id: fixture.products[1]!.id, quantity: 1 }],
    cartProductIds: [fixture.products[0]!.id],
    quantity: 1,
    source: "website",
    telegram_user_id: null,
    status: "processing",
    type: "main",
    login: "admin",
    password: "wrong-password",
    price: 990,
    start: "2026-01-01",
    end: "2026-01-31",
    period: "30d",
    q: "ваза",
    subCategories: `${fixture.categories.gift}`,
    categoryIds: [fixture.categories.ceramics],
    imageUrls: [],
    images: [],
  };
  if (name in known) return known[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part, name)));
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sample(branches.find((branch) => branch.type !== "null") ?? branches[0]!, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sample(property, key)]));
    case "array":
      return schema.items ? [sample(schema.items, name)] : [];
    case "integer":
    case "number":
      return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
    case "boolean":
      return true;
    case "string":
      return schema.format === "date" ? "2026-01-01" : "тест";
    default:
      return null;
  }
}

/** Every field of an object schema (with its intersections), as paths of property names. */
function fieldPaths(schema: Schema, prefix: string[] = []): string[][] {
  const parts = schema.allOf ?? [schema];
  const paths: string[][] = [];
  for (const part of parts) {
    for (const [key, property] of Object.entries(part.properties ?? {})) {
      const path = [...prefix, key];
      paths.push(path);
      const inner = property.anyOf?.find((branch) => branch.type === "object") ?? property;
      if (inner.type === "object" || inner.allOf) paths.push(...fieldPaths(inner, path));
      if (inner.type === "array" && inner.items && (inner.items.type === "object" || inner.items.allOf)) {
        paths.push(...fieldPaths(inner.items, [...path, "0"]));
      }
    }
  }
  return paths;
}

function withField(body: unknown, path: string[], value: unknown | typeof MISSING): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== "object") return copy;
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === MISSING) delete node[last];
  else node[last] = value;
  return copy;
}
const MISSING = Symbol("missing");

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema: Schema; required?: boolean }[];
  body?: Schema;
  multipart: boolean;
  admin: boolean;
}

const counts = { sent: 0, byStatus: new Map<number, number>() };
const problems: string[] = [];
const exercised = new Set<string>();
const samples = new Set<string>();

const CYRILLIC = /[А-Яа-яЁё]/;
const ENGLISH_VALIDATION = /\b(must|should|NOT|required property|Expected|Unexpected|invalid|additional)\b/;

function check(label: string, response: LightMyRequestResponse, expectStatus?: number) {
  counts.sent += 1;
  counts.byStatus.set(response.statusCode, (counts.byStatus.get(response.statusCode) ?? 0) + 1);
  const fail = (why: string) => problems.push(`${label} → ${response.statusCode} ${why}: ${response.body.slice(0, 200)}`);
  if (response.statusCode >= 500) return fail("server error");
  if (expectStatus !== undefined && response.statusCode !== expectStatus) return fail(`expected ${expectStatus}`);
  if (response.statusCode < 400) return;
  if (process.env.SHOW_MESSAGES) samples.add(response.statusCode + " " + response.json<{ message: string }>().message.slice(0, 150));
  if (!String(response.headers["content-type"]).startsWith("application/json")) return fail("not JSON");
  let body: { message?: unknown; errors?: Record<string, unknown> };
  try {
    body = response.json();
  } catch {
    return fail("unparsable JSON");
  }
  if (typeof body.message !== "string") return fail("no message");
  for (const text of [body.message, ...Object.values(body.errors ?? {})]) {
    if (typeof text !== "string" || !CYRILLIC.test(text) || ENGLISH_VALIDATION.test(text)) return fail("not Russian");
  }
}

let address = 0;
/** a new client address for every request: the login's per-address limit is not what this test is about */
const nextAddress = () => `10.9.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

function idFor(path: string): number {
  if (path.includes("/categories")) return fixture.categories.textile;
  if (path.includes("/orders")) return orderId;
  if (path.startsWith("/api/admin/products")) return spareProductId;
  return fixture.products[2]!.id;
}

async function exercise(operation: Operation) {
  const key = `${operation.method} ${operation.path}`;
  exercised.add(key);
  const headers: Record<string, string> = operation.admin ? { authorization: `Bearer ${token}` } : {};
  if (operation.path.startsWith("/api/my-orders")) Object.assign(headers, initDataHeader(TELEGRAM_USER));
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const queryParams = operation.parameters.filter((p) => p.in === "query");
  const validPath = () => operation.path.replace(/\{(\w+)\}/g, () => String(idFor(operation.path)));
  const validQuery: Record<string, string> = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, String(sample(p.schema, p.name))]),
  );
  const queryString = (query: Record<string, string>) => {
    const text = Object.entries(query).map(([name, value]) => `${name}=${value}`).join("&");
    return text ? `?${text}` : "";
  };
  const validBody = operation.body ? sample(operation.body, "body") : undefined;
  const send = (url: string, payload: string | undefined, extraHeaders: Record<string, string> = {}) =>
    t.app.inject({
      method: operation.method as "GET",
      url,
      payload,
      remoteAddress: nextAddress(),
      headers: { ...headers, ...(payload !== undefined ? { "content-type": "application/json" } : {}), ...extraHeaders },
    });
  const bodyText = validBody === undefined ? undefined : toJson(validBody);

  for (const param of pathParams) {
    for (const value of URL_VALUES) {
      const url = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === param.name ? value : String(idFor(operation.path))));
      check(`${key} path ${param.name}=${value.slice(0, 30)}`, await send(url + queryString(validQuery), bodyText));
    }
  }
  for (const param of queryParams) {
    for (const value of [...URL_VALUES, "ваза", "%D0%B2%D0%B0%D0%B7%D0%B0"]) {
      const query = { ...validQuery, [param.name]: value };
      check(`${key} query ${param.name}=${value.slice(0, 30)}`, await send(validPath() + queryString(query), bodyText));
    }
    // repeated and bracketed: an array or an object where one value is expected
    check(`${key} query ${param.name} twice`, await send(`${validPath()}?${param.name}=1&${param.name}=2`, bodyText));
    check(`${key} query ${param.name}[a]`, await send(`${validPath()}?${param.name}[a]=1`, bodyText));
  }
  for (const param of operation.parameters.filter((p) => p.in === "header")) {
    for (const value of ["", " ", "x".repeat(5000), "a b", "Infinity", "0x10", "%00", "$'", "<script>", "' OR 1=1 --"]) {
      check(`${key} header ${param.name}=${value.slice(0, 30)}`, await send(validPath() + queryString(validQuery), bodyText, { [param.name]: value }));
    }
  }
  if (operation.body) {
    for (const path of fieldPaths(operation.body)) {
      for (const value of [...CORPUS, MISSING]) {
        const payload = toJson(withField(validBody, path, value));
        check(`${key} body ${path.join(".")}=${String(value instanceof Raw ? value.json : JSON.stringify(value) ?? "missing").slice(0, 30)}`, await send(validPath() + queryString(validQuery), payload));
      }
    }
    for (const payload of ["", "{", "null", "[]", '"text"', "12", toJson({ ...(validBody as object), extra: "поле" })]) {
      check(`${key} body ${payload.slice(0, 20)}`, await send(validPath() + queryString(validQuery), payload));
    }
  }
  if (operation.multipart) {
    const broken = multipart([{ filename: "a.png", data: Buffer.from("not an image") }]);
    const unterminated = broken.payload.subarray(0, broken.payload.length - 30);
    for (const payload of [broken.payload, unterminated, Buffer.from("garbage")]) {
      const response = await t.app.inject({
        method: "POST",
        url: operation.path,
        payload,
        headers: { ...headers, ...broken.headers },
        remoteAddress: nextAddress(),
      });
      check(`${key} multipart`, response);
    }
  }
  if (operation.admin) {
    // without a session every admin call is a 401, whatever its input
    const hostileBody = operation.body ? toJson(withField(validBody, fieldPaths(operation.body)[0]!, new Raw("1e309"))) : undefined;
    const hostileUrl = operation.path.replace(/\{(\w+)\}/g, "1e309") + (queryParams.length ? `?${queryParams[0]!.name}=Infinity` : "");
    for (const authorization of [undefined, "Bearer", "Bearer x.y.z", `Bearer ${jwt({ sub: "1", login: "admin" })}`, `Bearer ${jwt({ sub: "abc", login: "admin", exp: future() })}`]) {
      const response = await t.app.inject({
        method: operation.method as "GET",
        url: hostileUrl,
        payload: hostileBody,
        headers: { ...(authorization ? { authorization } : {}), ...(hostileBody ? { "content-type": "application/json" } : {}) },
        remoteAddress: nextAddress(),
      });
      check(`${key} without a session (${authorization ?? "no header"})`, response, 401);
    }
  }
}

const future = () => Math.floor(Date.now() / 1000) + 3600;

/** An HS256 token signed with the shop's secret: what a forger with the secret could not make the shop accept. */
function jwt(payload: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part({ iat: Math.floor(Date.now() / 1000), ...payload })}`;
  return `${unsigned}.${createHmac("sha256", JWT_SECRET).update(unsigned).digest("base64url")}`;
}

async function operations(): Promise<Operation[]> {
  const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
  expect(response.statusCode).toBe(200);
  const doc = response.json() as {
    paths: Record<string, Record<string, { parameters?: Operation["parameters"]; requestBody?: { content: Record<string, { schema: Schema }> }; security?: unknown[] }>>;
  };
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      list.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: content["application/json"]?.schema,
        multipart: "multipart/form-data" in content || path === "/api/admin/upload",
        admin: (operation.security ?? []).some((item) => "bearerAuth" in (item as object)),
      });
    }
  }
  return list;
}

beforeAll(async () => {
  t = await createTestApp({ env: { ...BOT_ENV, JWT_SECRET } });
  fixture = await createFixture(t.prisma);
  token = await t.adminToken();
  const spare = await t.app.inject({
    method: "POST",
    url: "/api/admin/products",
    headers: { authorization: `Bearer ${token}` },
    payload: { name: "Запасной товар", price: 100 },
  });
  spareProductId = spare.json<{ id: number }>().id;
  const order = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: initDataHeader(TELEGRAM_USER),
    payload: { ...CONTACT, source: "telegram_mini_app", telegram_user_id: TELEGRAM_USER.id, cart_items: [line(fixture.products[0]!)] },
  });
  expect(order.statusCode).toBe(201);
  orderId = order.json<{ id: number }>().id;
}, 60_000);
afterAll(async () => t?.close());

describe("hostile input on every documented endpoint", () => {
  it("never answers ≥ 500, always answers errors as Russian JSON { message }, and covers every endpoint", async () => {
    const started = Date.now();
    const list = await operations();
    expect(list.length).toBeGreaterThan(25);
    // deleting last: the other calls still find what they read
    const ordered = [...list.filter((op) => op.method !== "DELETE"), ...list.filter((op) => op.method === "DELETE")];
    for (const operation of ordered) await exercise(operation);
    const statuses = [...counts.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.log(
      `bad input: ${counts.sent} requests to ${exercised.size} operations in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `answers by status — ${statuses.join(", ")}`,
    );
    if (process.env.SHOW_MESSAGES) console.log([...samples].join("\n"));
    const kinds = new Map<string, string>();
    for (const problem of problems) kinds.set(problem.replace(/=.*?→/, "→").replace(/: \{.*$/, ""), problem);
    expect([...kinds.values()].slice(0, 40)).toEqual([]);
    expect([...exercised].sort()).toEqual(list.map((op) => `${op.method} ${op.path}`).sort());
  }, 240_000);
});

describe("the cases found against a running shop", () => {
  // the app has a bot, so a website checkout goes through /prepare; orders here come from the Mini App
  const order = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { source: "telegram_mini_app", telegram_user_id: TELEGRAM_USER.id, ...payload },
      headers: { ...initDataHeader(TELEGRAM_USER), ...headers },
    });
  const admin = () => ({ authorization: `Bearer ${token}` });

  it("creates an order whose comment is 2 000 emoji and whose address is 'Москва'", async () => {
    const response = await order({ ...CONTACT, delivery_address: "Москва", comment: EMOJI, cart_items: [line(fixture.products[0]!)] });
    expect(response.statusCode).toBe(201);
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: response.json<{ id: number }>().id } });
    expect(stored.comment).toBe(EMOJI);
    expect(stored.deliveryAddress).toBe("Москва");
  });

  it("counts lengths in characters: 2 001 letters are refused in Russian, naming the field", async () => {
    const response = await order({ ...CONTACT, comment: "ж".repeat(2001), cart_items: [line(fixture.products[0]!)] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Комментарий: не больше 2000 символов",
      errors: { comment: "Комментарий: не больше 2000 символов" },
    });
    const nullAddress = await order({ ...CONTACT, delivery_address: { city: "Москва" }, cart_items: [line(fixture.products[0]!)] });
    expect(nullAddress.json<{ message: string }>().message).toBe("Адрес доставки: должно быть текстом");
  });

  it("removes NUL from typed text and refuses half an emoji, on both checkout calls", async () => {
    const created = await order({ ...CONTACT, customer_name: "Ан\u0000на", comment: "до\u0000мофон", cart_items: [line(fixture.products[0]!)] });
    expect(created.statusCode).toBe(201);
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: created.json<{ id: number }>().id } });
    expect([stored.customerName, stored.comment]).toEqual(["Анна", "домофон"]);

    const lone = await order({ ...CONTACT, comment: "смайлик \ud83d", cart_items: [line(fixture.products[0]!)] });
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toEqual({
      message: "Комментарий: текст содержит недопустимые символы",
      errors: { comment: "Комментарий: текст содержит недопустимые символы" },
    });

    const prepared = await t.app.inject({
      method: "POST",
      url: "/api/orders/prepare",
      payload: { order: { ...CONTACT, delivery_address: "Мос\u0000ква" }, cart: [{ id: fixture.products[0]!.id, quantity: 1 }] },
    });
    expect(prepared.statusCode).toBe(201);
    const row = await t.prisma.preparedOrder.findFirstOrThrow({ where: { token: prepared.json<{ token: string }>().token } });
    expect(JSON.stringify(row)).toContain("Москва");
    const preparedLone = await t.app.inject({
      method: "POST",
      url: "/api/orders/prepare",
      payload: { order: { ...CONTACT, customer_name: "\udc00Анна" }, cart: [{ id: fixture.products[0]!.id, quantity: 1 }] },
    });
    expect(preparedLone.statusCode).toBe(400);
    expect(preparedLone.json<{ message: string }>().message).toBe("Имя: текст содержит недопустимые символы");
  });

  it("names the field deep inside a body where the text or the number is wrong, and cleans NUL at any depth", async () => {
    const hex = await order({ ...CONTACT, cart_items: [line(fixture.products[0]!), { product_id: fixture.products[1]!.id, quantity: "0x2" }] });
    expect(hex.statusCode).toBe(400);
    expect(hex.json()).toEqual({ message: "Количество: должно быть числом", errors: { "cart_items.1.quantity": "Количество: должно быть числом" } });
    const loneInList = await t.app.inject({
      method: "POST",
      url: "/api/orders/prepare",
      payload: { order: { ...CONTACT, customer_name: "Анна \ud83d" }, cart: [{ id: fixture.products[0]!.id, quantity: 1 }] },
    });
    expect(loneInList.statusCode).toBe(400);
    expect(loneInList.json()).toEqual({
      message: "Имя: текст содержит недопустимые символы",
      errors: { "order.customer_name": "Имя: текст содержит недопустимые символы" },
    });
    // half an emoji in a name of a field: the object holding it is named (here the body itself)
    const loneKey = await order({ ...CONTACT, "\udc00": "x", cart_items: [line(fixture.products[0]!)] });
    expect(loneKey.statusCode).toBe(400);
    expect(Object.keys(loneKey.json<{ errors: Record<string, string> }>().errors)).toEqual(["body"]);
    const nested = await order({ ...CONTACT, comment: "под\u0000ъезд 2", cart_items: [line(fixture.products[0]!)] });
    expect(nested.statusCode).toBe(201);
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: nested.json<{ id: number }>().id } });
    expect(stored.comment).toBe("подъезд 2");
  });

  it("refuses lists and objects nested thousands of levels deep with a 400, on public and admin routes", async () => {
    const deepList = "[".repeat(5000) + "]".repeat(5000);
    const deepObject = `{"cartProductIds":[1],"x":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`;
    const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: "POST", url, payload, headers: { "content-type": "application/json", ...headers } });
    for (const [url, headers] of [["/api/cart/recommendations", {}], ["/api/orders", {}], ["/api/admin/products", admin()]] as const) {
      const list = await post(url, deepList, headers);
      expect([list.statusCode, list.json()], url).toEqual([
        400,
        { message: "Тело запроса: слишком много уровней вложенности", errors: { ["0.".repeat(31) + "0"]: "Тело запроса: слишком много уровней вложенности" } },
      ]);
      const object = await post(url, deepObject, headers);
      expect(object.statusCode, url).toBe(400);
      expect(object.json<{ message: string }>().message, url).toBe("Поле «a»: слишком много уровней вложенности");
    }
    // as deep as the guard goes is still read
    const deepest = await post("/api/cart/recommendations", `{"cartProductIds":[1],"x":${'{"a":'.repeat(31)}1${"}".repeat(31)}}`);
    expect(deepest.statusCode).toBe(200);
  });

  it("refuses Infinity, 1e309, 0x10 and ids past the database's range with 400 in query, path and body", async () => {
    for (const page of ["Infinity", "1e309", "0x10", "-Infinity", "1e20"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/products?page=${page}` });
      expect(response.statusCode, page).toBe(400);
      expect(response.json<{ message: string }>().message, page).toMatch(/^Страница: (должно быть числом|не больше 1000000)$/);
      const adminList = await t.app.inject({ method: "GET", url: `/api/admin/products?limit=${page}`, headers: admin() });
      expect(adminList.statusCode, page).toBe(400);
    }
    for (const id of ["0x10", "Infinity", "1e309", "1e3"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/products/${id}` });
      expect(response.statusCode, id).toBe(400);
      expect(response.json<{ message: string }>().message, id).toMatch(/^Номер: /);
    }
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: { ...admin(), "content-type": "application/json" },
      payload: `{"name":"Ваза","price":100,"categoryIds":[1e20]}`,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json<{ message: string }>().message).toBe("Категории: не больше 2147483647");
    const infinite = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { "content-type": "application/json" },
      payload: toJson({ ...CONTACT, cart_items: [{ product_id: fixture.products[0]!.id, quantity: new Raw("1e309") }] }),
    });
    expect(infinite.statusCode).toBe(400);
    expect(infinite.json<{ message: string }>().message).toBe("Количество: должно быть целым числом");
    const hex = await order({ ...CONTACT, cart_items: [{ product_id: "0x10", quantity: 1 }] });
    expect(hex.statusCode).toBe(400);
    expect(hex.json<{ message: string }>().message).toBe("Товар: должно быть числом");
  });

  it("checks a JSON body's types as sent: a boolean is not a number, a number is not text, null is not 0", async () => {
    const refused = async (response: { statusCode: number; json<T>(): T }, message: string) => {
      expect(response.statusCode, message).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    };
    const product = fixture.products[0]!.id;
    const [productsBefore, ordersBefore] = [await t.prisma.product.count(), await t.prisma.order.count()];
    await refused(await order({ ...CONTACT, cart_items: [{ product_id: true, quantity: 1 }] }), "Товар: должно быть целым числом");
    await refused(await order({ ...CONTACT, cart_items: [{ product_id: product, quantity: true }] }), "Количество: должно быть целым числом");
    await refused(await order({ ...CONTACT, cart_items: [{ product_id: product, quantity: "2" }] }), "Количество: должно быть целым числом");
    await refused(await order({ ...CONTACT, cart_items: [{ product_id: product, quantity: null }] }), "Количество: должно быть целым числом");
    await refused(await order({ ...CONTACT, customer_name: 12345, cart_items: [line(fixture.products[0]!)] }), "Имя: должно быть текстом");
    const adminProduct = (payload: string) =>
      t.app.inject({ method: "POST", url: "/api/admin/products", headers: { ...admin(), "content-type": "application/json" }, payload });
    await refused(await adminProduct(`{"name":"Ваза","price":true}`), "Цена: должно быть числом или текстом");
    await refused(await adminProduct(`{"name":"Ваза","price":100,"stock":true}`), "Остаток: должно быть целым числом");
    await refused(await adminProduct(`{"name":"Ваза","price":100,"stock":false}`), "Остаток: должно быть целым числом");
    // JSON's 1e309 is Infinity, no text: it was stored as the name "Infinity"
    await refused(await adminProduct(`{"name":1e309,"price":100}`), "Название: должно быть текстом");
    await refused(await adminProduct(`{"name":17,"price":100}`), "Название: должно быть текстом");
    await refused(
      await t.app.inject({ method: "PUT", url: `/api/orders/1/status`, headers: admin(), payload: { status: 1 } }),
      "Статус: должно быть текстом",
    );
    expect([await t.prisma.product.count(), await t.prisma.order.count()]).toEqual([productsBefore, ordersBefore]);
    // query strings and path parameters are text: their documented numbers and booleans are still read from it
    const page = await t.app.inject({ method: "GET", url: "/api/products?page=1&limit=2&priceFrom=100" });
    expect([page.statusCode, page.json<{ page: number }>().page]).toEqual([200, 1]);
    const soldOut = await t.app.inject({ method: "GET", url: "/api/admin/products?soldOut=true&page=1", headers: admin() });
    expect(soldOut.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/products/${product}` })).statusCode).toBe(200);
  });

  it("answers a search for NUL, an unterminated multipart body and a token with a non-numeric sub without a 500", async () => {
    const search = await t.app.inject({ method: "GET", url: "/api/products/search?q=%00" });
    expect(search.statusCode).toBe(200);
    const adminSearch = await t.app.inject({ method: "GET", url: "/api/admin/products?q=%00", headers: admin() });
    expect(adminSearch.statusCode).toBe(200);

    const body = multipart([{ filename: "a.png", data: Buffer.from("x".repeat(1000)) }]);
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/admin/upload",
      payload: body.payload.subarray(0, body.payload.length - 30),
      headers: { ...admin(), ...body.headers },
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toEqual({ message: "Некорректный multipart-запрос" });

    const forged = await t.app.inject({
      method: "GET",
      url: "/api/admin/me",
      headers: { authorization: `Bearer ${jwt({ sub: "abc", login: "admin", exp: future() })}` },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: "Сессия истекла или токен недействителен. Войдите снова." });
  });

  it("answers a request Node's HTTP parser refuses (raw Cyrillic in the address, oversized headers) in Russian JSON", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (request: Buffer | string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => socket.end(request));
        const chunks: Buffer[] = [];
        socket.on("data", (chunk: Buffer) => chunks.push(chunk));
        // the server closes the connection after its answer: a reset once the answer is in changes nothing
        socket.on("error", (error) => (chunks.length > 0 ? undefined : reject(error)));
        socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
      });
    const parts = (answer: string) => {
      const [head, body] = answer.split("\r\n\r\n");
      return { status: head!.split("\r\n")[0], head: head!.toLowerCase(), body: JSON.parse(body!) as unknown };
    };

    const cyrillic = parts(await raw(Buffer.from("GET /api/products/search?q=ваза HTTP/1.1\r\nHost: shop\r\n\r\n", "utf8")));
    expect(cyrillic.status).toBe("HTTP/1.1 400 Bad Request");
    expect(cyrillic.head).toContain("content-type: application/json; charset=utf-8");
    expect(cyrillic.body).toEqual({ message: "Некорректный запрос" });

    const huge = parts(await raw(`GET /api/health HTTP/1.1\r\nHost: shop\r\nX-Big: ${"x".repeat(20_000)}\r\n\r\n`));
    expect(huge.status).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(huge.body).toEqual({ message: "Слишком большие заголовки запроса" });

    // the same address percent-encoded, as a browser sends it, is an ordinary search
    const encoded = await fetch(`http://127.0.0.1:${port}/api/products/search?q=${encodeURIComponent("ваза")}`);
    expect(encoded.status).toBe(200);
  });

  it("refuses a token without an expiry, and answers an admin call without a session 401 before looking at its input", async () => {
    const forever = await t.app.inject({ method: "GET", url: "/api/admin/me", headers: { authorization: `Bearer ${jwt({ sub: "1", login: "admin" })}` } });
    expect(forever.statusCode).toBe(401);
    const good = await t.app.inject({ method: "GET", url: "/api/admin/me", headers: { authorization: `Bearer ${jwt({ sub: "1", login: "admin", exp: future() })}` } });
    expect(good.statusCode).toBe(200);

    const anonymous = await t.app.inject({ method: "POST", url: "/api/admin/products", payload: { name: [], price: "много" } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: "Требуется авторизация" });
    const anonymousQuery = await t.app.inject({ method: "GET", url: "/api/orders?page=Infinity" });
    expect(anonymousQuery.statusCode).toBe(401);
  });

  it("binds an Idempotency-Key to its checkout: another cart under the same key is a 422, the same one the first order", async () => {
    const key = "checkout-key-422";
    const payload = { ...CONTACT, cart_items: [line(fixture.products[0]!, 2)] };
    const first = await order(payload, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    const again = await order(payload, { "idempotency-key": key });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);

    const otherCart = await order({ ...payload, cart_items: [line(fixture.products[1]!, 1)] }, { "idempotency-key": key });
    expect(otherCart.statusCode).toBe(422);
    expect(otherCart.json()).toEqual({
      message: "Этот ключ повтора (Idempotency-Key) уже использован для другого заказа. Обновите страницу и оформите заказ ещё раз.",
    });
    const otherComment = await order({ ...payload, comment: "другой" }, { "idempotency-key": key });
    expect(otherComment.statusCode).toBe(422);
    expect(await t.prisma.order.count({ where: { idempotencyKey: key } })).toBe(1);
    const stored = await t.prisma.order.findFirstOrThrow({ where: { idempotencyKey: key } });
    expect(stored.idempotencyBodyHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
