import type { Kopecks } from "@shop/shared/money";

/**
 * The carriers' HTTP services as the shop uses them (docs/delivery.md): СДЭК's API v2 (OAuth client credentials,
 * cities, delivery points, tariff calculator, orders) and Почта России's public tariff service. Plain fetch with a
 * bounded wait on every call: a carrier that does not answer in time is "unavailable", never a hung checkout.
 */

export interface CarrierSettings {
  /** e.g. https://api.cdek.ru/v2; null: СДЭК is not set up */
  cdekUrl: string | null;
  cdekClientId: string | null;
  cdekClientSecret: string | null;
  /** the secret in the address СДЭК posts its webhooks to (docs/delivery.md#webhooks) */
  cdekWebhookSecret: string | null;
  /** https://tariff.pochta.ru unless POCHTA_TARIFF_URL says otherwise; null: Почта is not priced automatically */
  pochtaUrl: string | null;
  /** how long a carrier may take to answer one call */
  timeoutMs: number;
  /**
   * How often the shop asks СДЭК for its shipments' statuses (docs/delivery.md#polling); null: never. On by default
   * when СДЭК is set up and no webhook secret is: its webhooks cannot reach the shop then.
   */
  cdekPollEveryMs: number | null;
}

/** The carrier did not answer in time, or answered with something the shop cannot use. */
export class CarrierUnavailable extends Error {}

async function call<T>(url: string, init: RequestInit, timeoutMs: number): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new CarrierUnavailable(`${url}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => "");
  if (!response.ok) throw new CarrierUnavailable(`${url}: ${response.status} ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CarrierUnavailable(`${url}: not JSON`);
  }
}

export interface CarrierCity {
  code: number;
  city: string;
  region: string | null;
  postalCode: string | null;
}

export interface CarrierPoint {
  code: string;
  name: string;
  kind: "point" | "locker";
  address: string;
  hours: string;
  cityCode: number;
}

export interface CarrierQuote {
  price: Kopecks;
  daysMin: number | null;
  daysMax: number | null;
}

export interface Parcel {
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

/** СДЭК's tariffs the shop uses: «Посылка склад-склад» and «Посылка склад-дверь». */
export const CDEK_TARIFFS = { cdek_point: 136, cdek_door: 137 } as const;

export interface CdekOrderRequest {
  number: string;
  tariffCode: number;
  fromCityCode: number;
  toCityCode: number;
  pointCode: string | null;
  address: string | null;
  recipient: { name: string; phone: string };
  parcel: Parcel;
  comment: string | null;
}

export interface CdekOrderState {
  uuid: string;
  cdekNumber: string | null;
  statusCode: string | null;
}

export class CdekClient {
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly timeoutMs: number,
  ) {}

  private async bearer(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const body = new URLSearchParams({ grant_type: "client_credentials", client_id: this.clientId, client_secret: this.clientSecret });
    const answer = await call<{ access_token: string; expires_in: number }>(
      `${this.baseUrl}/oauth/token`,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body },
      this.timeoutMs,
    );
    // a minute early, so a token never expires on its way
    this.token = { value: answer.access_token, until: Date.now() + Math.max(0, answer.expires_in - 60) * 1000 };
    return answer.access_token;
  }

  private async api<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const token = await this.bearer();
    return call<T>(
      `${this.baseUrl}${path}`,
      {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      this.timeoutMs,
    );
  }

  async cities(query: string): Promise<CarrierCity[]> {
    const params = new URLSearchParams({ country_codes: "RU", city: query, size: "10" });
    const rows = await this.api<{ code: number; city: string; region?: string; postal_codes?: string[] }[]>("GET", `/location/cities?${params}`);
    return rows.map((row) => ({ code: row.code, city: row.city, region: row.region ?? null, postalCode: row.postal_codes?.[0] ?? null }));
  }

  async points(cityCode: number): Promise<CarrierPoint[]> {
    const params = new URLSearchParams({ city_code: String(cityCode), type: "ALL" });
    const rows = await this.api<{ code: string; name: string; type: string; work_time?: string; location: { address?: string; address_full?: string; city_code: number } }[]>(
      "GET",
      `/deliverypoints?${params}`,
    );
    return rows.map((row) => ({
      code: row.code,
      name: row.name,
      kind: row.type === "POSTAMAT" ? "locker" : "point",
      address: row.location.address ?? row.location.address_full ?? "",
      hours: row.work_time ?? "",
      cityCode: row.location.city_code,
    }));
  }

  async tariff(tariffCode: number, fromCityCode: number, toCityCode: number, parcel: Parcel): Promise<CarrierQuote> {
    const answer = await this.api<{ total_sum?: number; delivery_sum?: number; period_min?: number; period_max?: number; errors?: unknown[] }>(
      "POST",
      "/calculator/tariff",
      {
        tariff_code: tariffCode,
        from_location: { code: fromCityCode },
        to_location: { code: toCityCode },
        packages: [{ weight: parcel.weightGrams, length: parcel.lengthCm, width: parcel.widthCm, height: parcel.heightCm }],
      },
    );
    const roubles = answer.total_sum ?? answer.delivery_sum;
    if (typeof roubles !== "number" || (answer.errors && answer.errors.length > 0)) throw new CarrierUnavailable("СДЭК: no price");
    return { price: Math.round(roubles * 100), daysMin: answer.period_min ?? null, daysMax: answer.period_max ?? null };
  }

  async createOrder(order: CdekOrderRequest): Promise<string> {
    const answer = await this.api<{ entity?: { uuid: string } }>("POST", "/orders", {
      type: 1,
      number: order.number,
      tariff_code: order.tariffCode,
      comment: order.comment ?? undefined,
      from_location: { code: order.fromCityCode },
      ...(order.pointCode ? { delivery_point: order.pointCode } : { to_location: { code: order.toCityCode, address: order.address ?? "" } }),
      recipient: { name: order.recipient.name, phones: [{ number: order.recipient.phone }] },
      packages: [
        {
          number: "1",
          weight: order.parcel.weightGrams,
          length: order.parcel.lengthCm,
          width: order.parcel.widthCm,
          height: order.parcel.heightCm,
        },
      ],
    });
    if (!answer.entity?.uuid) throw new CarrierUnavailable("СДЭК: no order uuid");
    return answer.entity.uuid;
  }

  async order(uuid: string): Promise<CdekOrderState> {
    const answer = await this.api<{ entity?: { uuid: string; cdek_number?: string; statuses?: { code: string }[] } }>("GET", `/orders/${encodeURIComponent(uuid)}`);
    const entity = answer.entity;
    if (!entity) throw new CarrierUnavailable("СДЭК: no order");
    return { uuid: entity.uuid, cdekNumber: entity.cdek_number ?? null, statusCode: entity.statuses?.[0]?.code ?? null };
  }
}

/** Почта России's tariff service: «Посылка стандарт» (object 27030) with its delivery times. */
export const POCHTA_PARCEL_OBJECT = 27030;

export class PochtaClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async tariff(fromIndex: string, toIndex: string, weightGrams: number): Promise<CarrierQuote> {
    const params = new URLSearchParams({ object: String(POCHTA_PARCEL_OBJECT), from: fromIndex, to: toIndex, weight: String(weightGrams) });
    const answer = await call<{ paynds?: number; pay?: number; delivery?: { min?: number; max?: number } }>(
      `${this.baseUrl}/v2/calculate/tariff/delivery?json&${params}`,
      { method: "GET" },
      this.timeoutMs,
    );
    const kopecks = answer.paynds ?? answer.pay;
    if (typeof kopecks !== "number") throw new CarrierUnavailable("Почта: no price");
    return { price: kopecks, daysMin: answer.delivery?.min ?? null, daysMax: answer.delivery?.max ?? null };
  }
}

/** Carrier settings from the environment (every variable in .env.example). */
export function carrierSettingsFromEnv(env: NodeJS.ProcessEnv): CarrierSettings {
  const text = (name: string) => env[name]?.trim() || null;
  const timeout = Number(text("CARRIER_TIMEOUT_MS") ?? 3000);
  const cdekId = text("CDEK_CLIENT_ID");
  const webhookSecret = text("CDEK_WEBHOOK_SECRET");
  const polling = (text("CDEK_POLLING") ?? "auto").toLowerCase();
  const every = Number(text("CDEK_POLL_EVERY_MS") ?? 15 * 60_000);
  const pollOn = cdekId !== null && (polling === "on" || polling === "1" || polling === "true" || (polling === "auto" && !webhookSecret));
  return {
    cdekUrl: cdekId ? (text("CDEK_API_URL") ?? "https://api.cdek.ru/v2").replace(/\/$/, "") : null,
    cdekClientId: cdekId,
    cdekClientSecret: text("CDEK_CLIENT_SECRET"),
    cdekWebhookSecret: webhookSecret,
    pochtaUrl: (text("POCHTA_TARIFF_URL") ?? "https://tariff.pochta.ru").replace(/\/$/, ""),
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : 3000,
    cdekPollEveryMs: pollOn ? (Number.isInteger(every) && every >= 1000 ? every : 15 * 60_000) : null,
  };
}
