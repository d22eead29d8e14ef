import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Stand-ins for the carriers on loopback, built from their published API descriptions: СДЭК's API v2 (OAuth client
 * credentials, cities, delivery points, tariff calculator, orders, webhooks) and Почта России's tariff service.
 * The shop's clients talk to them exactly as to the real services (CDEK_API_URL, POCHTA_TARIFF_URL). Tests
 * change prices, slow a carrier down past the shop's wait, and send СДЭК's ORDER_STATUS webhooks.
 */

export interface StandinCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export const CDEK_CLIENT = { id: "standin-client", secret: "standin-secret" };

export interface StandinCity {
  code: number;
  city: string;
  region: string;
  postal_codes: string[];
}

/** A few cities of СДЭК's list, with real codes (44 Москва, 137 Санкт-Петербург, 270 Новосибирск, 250 Екатеринбург). */
export const STANDIN_CITIES: StandinCity[] = [
  { code: 44, city: "Москва", region: "Москва", postal_codes: ["101000"] },
  { code: 137, city: "Санкт-Петербург", region: "Санкт-Петербург", postal_codes: ["190000"] },
  { code: 270, city: "Новосибирск", region: "Новосибирская область", postal_codes: ["630000"] },
  { code: 250, city: "Екатеринбург", region: "Свердловская область", postal_codes: ["620000"] },
  { code: 424, city: "Казань", region: "Республика Татарстан", postal_codes: ["420000"] },
  { code: 1081, city: "Мосальск", region: "Калужская область", postal_codes: ["249930"] },
];

export interface StandinPoint {
  code: string;
  name: string;
  type: "PVZ" | "POSTAMAT";
  work_time: string;
  location: { city_code: number; city: string; address: string; address_full: string; postal_code: string };
}

function pointsOf(city: StandinCity): StandinPoint[] {
  const streets = [
    ["Тверская ул., 12", "PVZ", "Пн-Пт 10:00-21:00, Сб-Вс 10:00-18:00"],
    ["Ленинский пр-т, 45", "PVZ", "Пн-Вс 09:00-21:00"],
    ["ул. Арбат, 3", "POSTAMAT", "Круглосуточно"],
    ["Садовая ул., 8", "PVZ", "Пн-Сб 10:00-20:00"],
    ["ул. Ленина, 1", "POSTAMAT", "Пн-Вс 08:00-23:00"],
  ] as const;
  return streets.map(([street, type, hours], index) => ({
    code: `${city.city === "Москва" ? "MSK" : `C${city.code}`}${index + 1}`,
    name: `${type === "PVZ" ? "Пункт выдачи" : "Постамат"} на ${street.split(",")[0]}`,
    type,
    work_time: hours,
    location: {
      city_code: city.code,
      city: city.city,
      address: street,
      address_full: `${city.postal_codes[0]}, Россия, ${city.city}, ${street}`,
      postal_code: city.postal_codes[0]!,
    },
  }));
}

interface StandinOrder {
  uuid: string;
  number: string;
  cdekNumber: string;
  tariffCode: number;
  body: unknown;
  statuses: { code: string; name: string; date_time: string }[];
}

export interface CdekStandin {
  url: string;
  calls: StandinCall[];
  /** calls to one path (without the query) */
  callsTo(path: string): StandinCall[];
  /** the next answers take this long (beyond the shop's wait: a carrier that does not answer) */
  delayMs: number;
  /** every call answers 503 */
  down: boolean;
  /** the price of a tariff to a city in roubles, over the default */
  setPrice(tariffCode: number, toCityCode: number, roubles: number): void;
  orders: StandinOrder[];
  /** where СДЭК posts webhooks (also registered through POST /v2/webhooks) */
  webhookUrl: string | null;
  /** СДЭК's ORDER_STATUS event for an order, as it would post it */
  statusEvent(uuid: string, code: string): object;
  /** posts the event to the webhook address, as СДЭК does */
  sendStatus(uuid: string, code: string): Promise<number>;
  /** the order's new status, answered by GET /v2/orders/{uuid} (newest first, as СДЭК lists them) — nothing posted */
  setStatus(uuid: string, code: string): void;
  close(): Promise<void>;
}

/** The default prices: СДЭК's «Посылка склад-склад» 312.40 ₽, «склад-дверь» 455 ₽, +40 ₽ per kilogram above the first. */
function defaultTariff(tariffCode: number, weight: number): { sum: number; min: number; max: number } {
  const extraKg = Math.max(0, Math.ceil(weight / 1000) - 1);
  if (tariffCode === 137) return { sum: 455 + 40 * extraKg, min: 2, max: 4 };
  return { sum: 312.4 + 40 * extraKg, min: 3, max: 5 };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

async function listen(server: Server, port = 0): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function shut(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startCdekStandin(options: { port?: number } = {}): Promise<CdekStandin> {
  const tokens = new Set<string>();
  const prices = new Map<string, number>();
  const state: CdekStandin = {
    url: "",
    calls: [],
    callsTo: (path) => state.calls.filter((call) => call.path === path),
    delayMs: 0,
    down: false,
    setPrice: (tariff, city, roubles) => void prices.set(`${tariff}:${city}`, roubles),
    orders: [],
    webhookUrl: null,
    setStatus(uuid, code) {
      const order = state.orders.find((candidate) => candidate.uuid === uuid);
      if (!order) throw new Error(`no stand-in order ${uuid}`);
      order.statuses.unshift({ code, name: code, date_time: new Date().toISOString() });
    },
    statusEvent(uuid, code) {
      const order = state.orders.find((candidate) => candidate.uuid === uuid);
      return {
        type: "ORDER_STATUS",
        date_time: new Date().toISOString(),
        uuid,
        attributes: { is_return: false, cdek_number: order?.cdekNumber, number: order?.number, code, status_code: code, status_date_time: new Date().toISOString() },
      };
    },
    async sendStatus(uuid, code) {
      if (!state.webhookUrl) throw new Error("no webhook registered with the СДЭК stand-in");
      const response = await fetch(state.webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(state.statusEvent(uuid, code)) });
      return response.status;
    },
    close: async () => shut(server),
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://standin");
    const raw = await readBody(request);
    let body: unknown = raw;
    if ((request.headers["content-type"] ?? "").includes("json") && raw) body = JSON.parse(raw);
    state.calls.push({ method: request.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (state.delayMs > 0) await sleep(state.delayMs);
    if (response.destroyed) return;
    if (state.down) return send(response, 503, { errors: [{ code: "service_unavailable", message: "Service unavailable" }] });

    if (request.method === "POST" && url.pathname === "/v2/oauth/token") {
      const form = new URLSearchParams(raw);
      if (form.get("grant_type") !== "client_credentials" || form.get("client_id") !== CDEK_CLIENT.id || form.get("client_secret") !== CDEK_CLIENT.secret) {
        return send(response, 401, { error: "invalid_client", error_description: "Bad client credentials" });
      }
      const token = randomUUID();
      tokens.add(token);
      return send(response, 200, { access_token: token, token_type: "bearer", expires_in: 3599, scope: "order:all payment:all", jti: randomUUID() });
    }
    const bearer = request.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "";
    if (!tokens.has(bearer)) return send(response, 401, { requests: [{ errors: [{ code: "v2_token_expired", message: "Token is invalid" }] }] });

    if (request.method === "GET" && url.pathname === "/v2/location/cities") {
      const typed = (url.searchParams.get("city") ?? "").toLocaleLowerCase("ru");
      const size = Number(url.searchParams.get("size") ?? 10);
      const cities = STANDIN_CITIES.filter((city) => city.city.toLocaleLowerCase("ru").startsWith(typed)).slice(0, size);
      return send(response, 200, cities.map((city) => ({ ...city, country_code: "RU", country: "Россия" })));
    }
    if (request.method === "GET" && url.pathname === "/v2/deliverypoints") {
      const code = Number(url.searchParams.get("city_code"));
      const type = url.searchParams.get("type") ?? "ALL";
      const city = STANDIN_CITIES.find((candidate) => candidate.code === code);
      const points = city ? pointsOf(city).filter((point) => type === "ALL" || point.type === type) : [];
      return send(response, 200, points);
    }
    if (request.method === "POST" && url.pathname === "/v2/calculator/tariff") {
      const query = body as { tariff_code: number; to_location: { code: number }; packages: { weight: number }[] };
      const weight = query.packages.reduce((sum, parcel) => sum + parcel.weight, 0);
      const base = defaultTariff(query.tariff_code, weight);
      const sum = prices.get(`${query.tariff_code}:${query.to_location.code}`) ?? base.sum;
      return send(response, 200, {
        delivery_sum: sum,
        period_min: base.min,
        period_max: base.max,
        calendar_min: base.min,
        calendar_max: base.max + 1,
        weight_calc: weight,
        services: [],
        total_sum: sum,
        currency: "RUB",
      });
    }
    if (request.method === "POST" && url.pathname === "/v2/orders") {
      const order = body as { number?: string; tariff_code: number };
      const uuid = randomUUID();
      const created: StandinOrder = {
        uuid,
        number: order.number ?? "",
        cdekNumber: String(1_000_000_000 + state.orders.length + 1),
        tariffCode: order.tariff_code,
        body,
        statuses: [{ code: "CREATED", name: "Создан", date_time: new Date().toISOString() }],
      };
      state.orders.push(created);
      return send(response, 202, { entity: { uuid }, requests: [{ request_uuid: randomUUID(), type: "CREATE", state: "ACCEPTED", date_time: new Date().toISOString() }] });
    }
    const orderPath = /^\/v2\/orders\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (request.method === "GET" && orderPath) {
      const order = state.orders.find((candidate) => candidate.uuid === orderPath[1]);
      if (!order) return send(response, 404, { requests: [{ state: "INVALID", errors: [{ code: "v2_entity_not_found", message: "Entity is not found" }] }] });
      return send(response, 200, {
        entity: { uuid: order.uuid, number: order.number, cdek_number: order.cdekNumber, tariff_code: order.tariffCode, statuses: order.statuses },
        requests: [],
      });
    }
    if (request.method === "POST" && url.pathname === "/v2/webhooks") {
      const hook = body as { url: string; type: string };
      if (hook.type === "ORDER_STATUS") state.webhookUrl = hook.url;
      return send(response, 200, { entity: { uuid: randomUUID() }, requests: [{ type: "CREATE", state: "SUCCESSFUL" }] });
    }
    return send(response, 404, { errors: [{ code: "not_found", message: `${request.method} ${url.pathname}` }] });
  });
  state.url = `${await listen(server, options.port)}/v2`;
  return state;
}

export interface PochtaStandin {
  url: string;
  calls: StandinCall[];
  delayMs: number;
  down: boolean;
  close(): Promise<void>;
}

/**
 * Почта России's tariff service: GET /v2/calculate/tariff[/delivery]?json&object=27030&from=…&to=…&weight=…, the
 * total with VAT in kopecks (`paynds`) and, on /delivery, the days (`delivery.min`, `delivery.max`). «Посылка
 * стандарт» here costs 289.80 ₽ for the first kilogram and 35 ₽ for each further one, 4–7 days.
 */
export async function startPochtaStandin(options: { port?: number } = {}): Promise<PochtaStandin> {
  const state: PochtaStandin = { url: "", calls: [], delayMs: 0, down: false, close: async () => shut(server) };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://standin");
    state.calls.push({ method: request.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), body: null });
    if (state.delayMs > 0) await sleep(state.delayMs);
    if (response.destroyed) return;
    if (state.down) return send(response, 503, { error: ["Сервис недоступен"] });
    if (request.method !== "GET" || !url.pathname.startsWith("/v2/calculate/tariff")) return send(response, 404, { error: ["Не найдено"] });
    const from = url.searchParams.get("from") ?? "";
    const to = url.searchParams.get("to") ?? "";
    const weight = Number(url.searchParams.get("weight"));
    if (!/^\d{6}$/.test(from) || !/^\d{6}$/.test(to) || !(weight > 0)) return send(response, 400, { error: ["Неверные параметры"] });
    const extraKg = Math.max(0, Math.ceil(weight / 1000) - 1);
    const paynds = 289_80 + 35_00 * extraKg;
    const answer: Record<string, unknown> = {
      version: "2.0",
      id: Number(url.searchParams.get("object") ?? 27030),
      name: "Посылка стандарт",
      weight,
      pay: Math.round(paynds / 1.2),
      paynds,
      ndsrate: 20,
      nds: paynds - Math.round(paynds / 1.2),
    };
    if (url.pathname.endsWith("/delivery")) answer.delivery = { min: 4, max: 7, deadline: "" };
    return send(response, 200, answer);
  });
  state.url = await listen(server, options.port);
  return state;
}

/** The environment that points the shop at the stand-ins. */
export function standinEnv(cdek: CdekStandin, pochta: PochtaStandin, extra: Record<string, string> = {}): Record<string, string> {
  return {
    CDEK_API_URL: cdek.url,
    CDEK_CLIENT_ID: CDEK_CLIENT.id,
    CDEK_CLIENT_SECRET: CDEK_CLIENT.secret,
    CDEK_WEBHOOK_SECRET: "standin-webhook-secret",
    POCHTA_TARIFF_URL: pochta.url,
    ...extra,
  };
}
