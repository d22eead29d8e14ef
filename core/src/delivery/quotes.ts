import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "@shop/prisma/db";
import {
  DELIVERY_METHODS,
  deliveryFeeFor,
  describeQuote,
  needsAddress,
  needsPoint,
  shopperPrice,
  type DeliveryMethod,
} from "@shop/shared/delivery";
import type { Kopecks } from "@shop/shared/money";
import { computeTotals } from "@shop/shared/pricing";
import { isDbId } from "@shop/shared/ids";
import { conflict, invalid } from "../errors";
import {
  CarrierUnavailable,
  CDEK_TARIFFS,
  CdekClient,
  PochtaClient,
  type CarrierCity,
  type CarrierPoint,
  type CarrierQuote,
  type CarrierSettings,
  type Parcel,
} from "./carriers";
import { deliveryConfigured, readDeliverySettings, type DeliverySettings } from "./settings";
import { TtlCache } from "./ttl-cache";

/**
 * Delivery quotes (docs/delivery.md#quotes): cities as the shopper types, the methods offered in a city with
 * their price and dates for a cart, pickup points, and the quote an order is charged. Carriers' answers are
 * kept in memory (quotes 30 minutes, points 6 hours, cities a day); a quote a shopper saw is honoured for
 * 15 minutes. A carrier that does not answer in time leaves its methods to the manager («стоимость уточнит
 * менеджер»): checkout never waits longer than one bounded call per carrier.
 */

export const QUOTE_LIFETIME_MS = 30 * 60_000;
export const POINTS_LIFETIME_MS = 6 * 60 * 60_000;
export const CITIES_LIFETIME_MS = 24 * 60 * 60_000;
/** how long a quote the shopper saw is the price of their order */
export const QUOTE_HONOURED_MS = 15 * 60_000;
const SETTINGS_LIFETIME_MS = 5_000;

export const DELIVERY_TEXTS = {
  chooseMethod: "Выберите способ доставки",
  unavailable: "Этот способ доставки недоступен в выбранном городе. Выберите другой.",
  choosePoint: "Выберите пункт выдачи",
  needAddress: "Укажите адрес доставки",
  needCity: "Укажите город доставки",
  changed: (text: string) => `Стоимость доставки изменилась: ${text}. Проверьте сумму и оформите заказ ещё раз.`,
} as const;

export interface CartLineRef {
  productId: number;
  quantity: number;
}

export interface QuoteRequest {
  city: string;
  cityCode: number | null;
  postalCode: string | null;
  lines: readonly CartLineRef[];
}

export type PriceNote = "arrangement" | "carrier-unavailable";

export interface MethodQuote {
  method: DeliveryMethod;
  /** the shopper's price for the method (markup and rounding applied), before the free threshold; null: the manager's */
  price: Kopecks | null;
  /** what this cart pays: 0 from the free threshold */
  fee: Kopecks | null;
  freeFrom: Kopecks | null;
  daysMin: number | null;
  daysMax: number | null;
  priceNote: PriceNote | null;
  /** «СДЭК, пункт выдачи — 340 руб., 3–5 дней» */
  text: string;
  quoteId: string | null;
  validUntil: Date | null;
}

export interface DeliveryQuotes {
  /** false: the seller set no method up; the shop's fixed fee, confirmed by the manager */
  configured: boolean;
  weightGrams: number;
  methods: MethodQuote[];
  pickup: { address: string; hours: string } | null;
}

/** What the shopper chose at checkout. */
export interface DeliveryChoice {
  method: DeliveryMethod;
  city: string | null;
  cityCode: number | null;
  postalCode: string | null;
  pointCode: string | null;
  quoteId: string | null;
  /** the price the shopper saw (kopecks, before the free threshold); a quote no longer honoured is compared with it */
  expectedPrice: Kopecks | null;
}

/** How an order travels, as the order keeps it (order_deliveries). */
export interface DeliveryDetails {
  method: DeliveryMethod;
  city: string | null;
  cityCode: number | null;
  pointCode: string | null;
  pointAddress: string | null;
  weightGrams: number;
  daysMin: number | null;
  daysMax: number | null;
  priceKnown: boolean;
  priceNote: PriceNote | null;
}

/** The delivery an order is placed with: where it goes and what the quote was. */
export interface OrderDeliveryQuote {
  details: DeliveryDetails;
  /** null: the manager fixes the price (the order carries the shop's fixed fee until then) */
  quoted: Kopecks | null;
  freeFrom: Kopecks | null;
  /** the quote charged, to be kept with a checkout confirmed later (a prepared website order) */
  honoured: HonouredQuote;
}

/** A quote as the shopper saw it: what it was for, its price and dates, and until when it is honoured (ms). */
export interface HonouredQuote {
  method: DeliveryMethod;
  cityCode: number | null;
  city: string;
  weightGrams: number;
  price: Kopecks | null;
  daysMin: number | null;
  daysMax: number | null;
  until: number;
}

/**
 * A quote the shopper saw travels with the client as a signed token (docs/delivery.md#a-quote-honoured-then-refreshed):
 * `q1.<the quote as base64url JSON>.<HMAC-SHA256>`. Any instance holding the shop's key honours it — no table, no
 * memory shared between processes; a token changed by the client no longer matches its signature and is ignored.
 */
const QUOTE_TOKEN_PREFIX = "q1";

function signQuote(key: Buffer, quote: HonouredQuote): string {
  const body = Buffer.from(
    JSON.stringify([quote.method, quote.cityCode, quote.city, quote.weightGrams, quote.price, quote.daysMin, quote.daysMax, quote.until]),
  ).toString("base64url");
  const signature = createHmac("sha256", key).update(`${QUOTE_TOKEN_PREFIX}.${body}`).digest("base64url");
  return `${QUOTE_TOKEN_PREFIX}.${body}.${signature}`;
}

/** The quote a token carries, or undefined when it is not one this shop signed. */
export function readQuoteToken(key: Buffer, token: string): HonouredQuote | undefined {
  const [prefix, body, signature, ...rest] = token.split(".");
  if (prefix !== QUOTE_TOKEN_PREFIX || !body || !signature || rest.length > 0) return undefined;
  const expected = createHmac("sha256", key).update(`${prefix}.${body}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const [method, cityCode, city, weightGrams, price, daysMin, daysMax, until] = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as [
      DeliveryMethod, number | null, string, number, Kopecks | null, number | null, number | null, number,
    ];
    if (!DELIVERY_METHODS.includes(method) || typeof city !== "string" || typeof until !== "number") return undefined;
    return { method, cityCode, city, weightGrams, price, daysMin, daysMax, until };
  } catch {
    return undefined;
  }
}

/** A cart as the carriers see it: the goods' sum (for the free threshold), its weight and its parcel's size. */
interface CartParcel {
  goods: Kopecks;
  weightGrams: number;
  size: Omit<Parcel, "weightGrams">;
}

const sameCity = (a: string, b: string) => a.trim().toLocaleLowerCase("ru") === b.trim().toLocaleLowerCase("ru");
/** One piece's box in centimetres, longest side first; null sides: the default parcel's box. */
export interface PieceSize {
  widthMm: number | null;
  heightMm: number | null;
  depthMm: number | null;
  quantity: number;
}

/**
 * The parcel's size for a cart (docs/delivery.md#the-parcel): each piece is a box of its product's own dimensions
 * (millimetres rounded up to whole centimetres, longest side first) when all three are set, else the seller's
 * default parcel; the pieces are stacked on their smallest side: the parcel is as long and as wide as the largest
 * piece and as high as the pieces together (at most 300 cm, as the settings allow).
 */
export function parcelSize(pieces: readonly PieceSize[], fallback: Omit<Parcel, "weightGrams">): Omit<Parcel, "weightGrams"> {
  let length = 0;
  let width = 0;
  let height = 0;
  const defaultBox = [fallback.lengthCm, fallback.widthCm, fallback.heightCm].sort((a, b) => b - a);
  for (const piece of pieces) {
    const own = [piece.widthMm, piece.heightMm, piece.depthMm];
    const box = own.every((side) => side !== null && side > 0)
      ? own.map((side) => Math.max(1, Math.ceil(side! / 10))).sort((a, b) => b - a)
      : defaultBox;
    length = Math.max(length, box[0]!);
    width = Math.max(width, box[1]!);
    height += box[2]! * Math.max(1, piece.quantity);
  }
  if (length === 0) return { lengthCm: fallback.lengthCm, widthCm: fallback.widthCm, heightCm: fallback.heightCm };
  return { lengthCm: Math.min(300, length), widthCm: Math.min(300, width), heightCm: Math.min(300, height) };
}

/** carriers are asked for whole hundreds of grams: one answer serves every cart of that weight */
const billedWeight = (grams: number) => Math.max(100, Math.ceil(grams / 100) * 100);

export class DeliveryDesk {
  readonly cdek: CdekClient | null;
  readonly pochta: PochtaClient | null;
  private readonly quotes: TtlCache<CarrierQuote>;
  private readonly points: TtlCache<CarrierPoint[]>;
  private readonly cities: TtlCache<CarrierCity[]>;
  /** signs the quotes shoppers see; shared by every instance of the shop (derived from its JWT secret) */
  private readonly quoteKey: Buffer;
  private settingsCache: { value: DeliverySettings; until: number } | null = null;

  constructor(
    private readonly db: Pick<Database, "read">,
    readonly carriers: CarrierSettings,
    private readonly now: () => number = Date.now,
    quoteKey: Buffer | null = null,
  ) {
    // without the shop's key (a test, the bot alone) the quotes are honoured by this process only
    this.quoteKey = quoteKey ?? randomBytes(32);
    this.cdek =
      carriers.cdekUrl && carriers.cdekClientId && carriers.cdekClientSecret
        ? new CdekClient(carriers.cdekUrl, carriers.cdekClientId, carriers.cdekClientSecret, carriers.timeoutMs)
        : null;
    this.pochta = carriers.pochtaUrl ? new PochtaClient(carriers.pochtaUrl, carriers.timeoutMs) : null;
    this.quotes = new TtlCache(QUOTE_LIFETIME_MS, now);
    this.points = new TtlCache(POINTS_LIFETIME_MS, now);
    this.cities = new TtlCache(CITIES_LIFETIME_MS, now);
  }

  async settings(): Promise<DeliverySettings> {
    if (this.settingsCache && this.settingsCache.until > this.now()) return this.settingsCache.value;
    const value = await readDeliverySettings(this.db);
    this.settingsCache = { value, until: this.now() + SETTINGS_LIFETIME_MS };
    return value;
  }

  /** The settings changed (an admin saved them): the next quote reads them again, and asks carriers afresh. */
  forgetSettings(): void {
    this.settingsCache = null;
  }

  /** Forget every carrier answer (the tests' way to see a carrier's new price at once). */
  forgetCarrierAnswers(): void {
    this.quotes.clear();
    this.points.clear();
    this.cities.clear();
  }

  /** Cities whose names start with what the shopper typed (СДЭК's list); none without СДЭК or under 2 letters. */
  async suggestCities(query: string): Promise<CarrierCity[]> {
    const typed = query.trim();
    if (!this.cdek || typed.length < 2) return [];
    const cdek = this.cdek;
    try {
      return await this.cities.getOrLoad(typed.toLocaleLowerCase("ru"), () => cdek.cities(typed));
    } catch (error) {
      if (error instanceof CarrierUnavailable) return [];
      throw error;
    }
  }

  /** A city's pickup points, found by street or name and kind; an empty list when СДЭК does not answer. */
  async pickupPoints(cityCode: number, filter: { search?: string; kind?: "point" | "locker" } = {}): Promise<{ points: CarrierPoint[]; available: boolean }> {
    let all: CarrierPoint[];
    try {
      all = await this.allPoints(cityCode);
    } catch (error) {
      if (error instanceof CarrierUnavailable) return { points: [], available: false };
      throw error;
    }
    const words = (filter.search ?? "").toLocaleLowerCase("ru").split(/[\s,.]+/).filter(Boolean);
    const points = all.filter((point) => {
      if (filter.kind && point.kind !== filter.kind) return false;
      const haystack = `${point.address} ${point.name}`.toLocaleLowerCase("ru");
      return words.every((word) => haystack.includes(word));
    });
    return { points, available: true };
  }

  private async allPoints(cityCode: number): Promise<CarrierPoint[]> {
    const cdek = this.cdek;
    if (!cdek) throw new CarrierUnavailable("СДЭК is not set up");
    return this.points.getOrLoad(String(cityCode), () => cdek.points(cityCode));
  }

  /** The cart's goods after the discount and its parcel weight (products without a weight count the default). */
  private async cart(lines: readonly CartLineRef[], settings: DeliverySettings): Promise<CartParcel> {
    const valid = lines.filter((line) => isDbId(line.productId) && line.quantity > 0);
    const rows = await this.db.read<{ subtotal: number; weight: number; width: number | null; height: number | null; depth: number | null; quantity: number }>(
      `SELECT (round(p.price * 100) * line.quantity)::float8 AS subtotal,
              (coalesce(p.weight_grams, $3::int) * line.quantity)::int AS weight,
              p.width, p.height, p.depth, line.quantity
         FROM products p JOIN unnest($1::int[], $2::int[]) AS line(id, quantity) ON p.id = line.id`,
      [valid.map((line) => line.productId), valid.map((line) => line.quantity), settings.parcel.weightGrams],
      { prepare: true },
    );
    const subtotal = rows.reduce((sum, row) => sum + row.subtotal, 0);
    const weight = rows.reduce((sum, row) => sum + row.weight, 0);
    const totals = computeTotals([{ price: subtotal, quantity: 1 }], 0);
    const size = parcelSize(
      rows.map((row) => ({ widthMm: row.width, heightMm: row.height, depthMm: row.depth, quantity: row.quantity })),
      settings.parcel,
    );
    return { goods: totals.subtotal - totals.discount, weightGrams: Math.max(1, rows.length > 0 ? weight : settings.parcel.weightGrams), size };
  }

  /** The carrier's price and dates for one method, or null when the method does not go to that city. */
  private async carrierQuote(
    method: DeliveryMethod,
    settings: DeliverySettings,
    request: Pick<QuoteRequest, "city" | "cityCode" | "postalCode">,
    cart: CartParcel,
  ): Promise<CarrierQuote | null> {
    const parcel: Parcel = { ...cart.size, weightGrams: billedWeight(cart.weightGrams) };
    const box = `${parcel.lengthCm}x${parcel.widthCm}x${parcel.heightCm}`;
    switch (method) {
      case "pickup":
        return { price: 0, daysMin: null, daysMax: null };
      case "courier":
        return settings.courier.cities.some((city) => sameCity(city, request.city)) ? { price: settings.courier.price, daysMin: null, daysMax: null } : null;
      case "cdek_point":
      case "cdek_door": {
        const cdek = this.cdek;
        const from = settings.origin.cdekCityCode;
        if (!cdek || from === null || request.cityCode === null) throw new CarrierUnavailable("СДЭК cannot price this city");
        const to = request.cityCode;
        const tariff = CDEK_TARIFFS[method];
        return this.quotes.getOrLoad(`cdek:${tariff}:${from}:${to}:${parcel.weightGrams}:${box}`, () => cdek.tariff(tariff, from, to, parcel));
      }
      case "pochta": {
        const pochta = this.pochta;
        const from = settings.origin.postalCode;
        const to = request.postalCode ?? (await this.postalCodeOf(request));
        if (!pochta || !to) throw new CarrierUnavailable("Почта cannot price this city");
        return this.quotes.getOrLoad(`pochta:${from}:${to}:${parcel.weightGrams}`, () => pochta.tariff(from, to, parcel.weightGrams));
      }
    }
  }

  private async postalCodeOf(request: Pick<QuoteRequest, "city" | "cityCode">): Promise<string | null> {
    if (request.cityCode === null || !request.city.trim()) return null;
    const cities = await this.suggestCities(request.city);
    return cities.find((city) => city.code === request.cityCode)?.postalCode ?? null;
  }

  private async methodQuote(
    method: DeliveryMethod,
    settings: DeliverySettings,
    request: Pick<QuoteRequest, "city" | "cityCode" | "postalCode">,
    cart: CartParcel,
  ): Promise<MethodQuote | null> {
    // every method but pickup goes somewhere: without a city there is nothing to offer yet
    if (method !== "pickup" && !request.city.trim()) return null;
    const rule = settings.methods[method];
    const freeFrom = rule.freeFrom;
    const priced = (price: Kopecks | null, daysMin: number | null, daysMax: number | null, priceNote: PriceNote | null): MethodQuote => {
      const fee = price === null ? null : deliveryFeeFor(price, freeFrom, cart.goods);
      const until = this.now() + QUOTE_HONOURED_MS;
      const quoteId = signQuote(this.quoteKey, { method, cityCode: request.cityCode, city: request.city, weightGrams: cart.weightGrams, price, daysMin, daysMax, until });
      return { method, price, fee, freeFrom, daysMin, daysMax, priceNote, text: describeQuote(method, fee, daysMin, daysMax), quoteId, validUntil: new Date(until) };
    };
    if (rule.byArrangement) {
      if (method === "courier" && !settings.courier.cities.some((city) => sameCity(city, request.city))) return null;
      return priced(null, null, null, "arrangement");
    }
    try {
      const carrier = await this.carrierQuote(method, settings, request, cart);
      if (!carrier) return null;
      return priced(shopperPrice(carrier.price, rule), carrier.daysMin, carrier.daysMax, null);
    } catch (error) {
      if (error instanceof CarrierUnavailable) return priced(null, null, null, "carrier-unavailable");
      throw error;
    }
  }

  /** The methods offered in a city for a cart, each with its price and dates; carriers asked side by side. */
  async quote(request: QuoteRequest): Promise<DeliveryQuotes> {
    const settings = await this.settings();
    if (!deliveryConfigured(settings)) return { configured: false, weightGrams: 0, methods: [], pickup: null };
    const cart = await this.cart(request.lines, settings);
    const enabled = DELIVERY_METHODS.filter((method) => settings.methods[method].enabled);
    const quotes = await Promise.all(enabled.map((method) => this.methodQuote(method, settings, request, cart)));
    return {
      configured: true,
      weightGrams: cart.weightGrams,
      methods: quotes.filter((quote): quote is MethodQuote => quote !== null),
      pickup: settings.methods.pickup.enabled ? settings.pickup : null,
    };
  }

  /**
   * The delivery an order is placed with (docs/delivery.md#the-order): the quote the shopper saw while it is
   * honoured, otherwise a new one (from the cache on the hot path). A new price unlike the one the shopper saw
   * is a 409 with the new quote; a carrier that does not answer leaves the price to the manager and the order
   * goes through. Null when the seller set no method up: the order is what it always was.
   */
  async forOrder(
    choice: DeliveryChoice | null,
    lines: readonly CartLineRef[],
    address: string | null,
    /** a quote the shop itself kept (a prepared checkout's payload) instead of the client's signed one */
    kept?: HonouredQuote,
  ): Promise<OrderDeliveryQuote | null> {
    const settings = await this.settings();
    if (!deliveryConfigured(settings)) return null;
    if (!choice) throw invalid(DELIVERY_TEXTS.chooseMethod, { delivery: DELIVERY_TEXTS.chooseMethod });
    const method = choice.method;
    if (!settings.methods[method].enabled) throw invalid(DELIVERY_TEXTS.unavailable, { delivery: DELIVERY_TEXTS.unavailable });
    const city = choice.city?.trim() ?? "";
    if (method !== "pickup" && !city) throw invalid(DELIVERY_TEXTS.needCity, { delivery_city: DELIVERY_TEXTS.needCity });
    if (needsPoint(method) && !choice.pointCode) throw invalid(DELIVERY_TEXTS.choosePoint, { delivery_point: DELIVERY_TEXTS.choosePoint });
    if (needsAddress(method) && !address?.trim()) throw invalid(DELIVERY_TEXTS.needAddress, { delivery_address: DELIVERY_TEXTS.needAddress });
    const cart = await this.cart(lines, settings);
    const request = { city, cityCode: choice.cityCode, postalCode: choice.postalCode };

    const seen = kept ?? (choice.quoteId ? readQuoteToken(this.quoteKey, choice.quoteId) : undefined);
    const stillHonoured =
      seen && seen.until > this.now() && seen.method === method && seen.cityCode === choice.cityCode && sameCity(seen.city, city) && seen.weightGrams === cart.weightGrams;
    let price: Kopecks | null;
    let daysMin: number | null;
    let daysMax: number | null;
    let priceNote: PriceNote | null;
    let until: number;
    if (seen && stillHonoured) {
      ({ price, daysMin, daysMax, until } = seen);
      priceNote = price === null ? (settings.methods[method].byArrangement ? "arrangement" : "carrier-unavailable") : null;
    } else {
      const fresh = await this.methodQuote(method, settings, request, cart);
      if (!fresh) throw invalid(DELIVERY_TEXTS.unavailable, { delivery: DELIVERY_TEXTS.unavailable });
      const saw = seen?.price ?? choice.expectedPrice;
      if (fresh.price !== null && saw !== null && saw !== undefined && saw !== fresh.price) {
        throw conflict(DELIVERY_TEXTS.changed(fresh.text), {
          code: "delivery_changed",
          delivery: { method, price: fresh.price / 100, fee: fresh.fee === null ? null : fresh.fee / 100, text: fresh.text, quote_id: fresh.quoteId },
        });
      }
      ({ price, daysMin, daysMax, priceNote } = fresh);
      until = fresh.validUntil?.getTime() ?? this.now() + QUOTE_HONOURED_MS;
    }

    let pointAddress: string | null = null;
    if (needsPoint(method) && choice.cityCode !== null) {
      try {
        const point = (await this.allPoints(choice.cityCode)).find((candidate) => candidate.code === choice.pointCode);
        if (!point) throw invalid(DELIVERY_TEXTS.choosePoint, { delivery_point: DELIVERY_TEXTS.choosePoint });
        pointAddress = point.address;
      } catch (error) {
        // the carrier is away: the point's code is kept, the manager sees its address later
        if (!(error instanceof CarrierUnavailable)) throw error;
      }
    }
    return {
      details: {
        method,
        city: method === "pickup" ? null : city,
        cityCode: choice.cityCode,
        pointCode: needsPoint(method) ? choice.pointCode : null,
        pointAddress: method === "pickup" ? settings.pickup.address : pointAddress,
        weightGrams: cart.weightGrams,
        daysMin,
        daysMax,
        priceKnown: price !== null,
        priceNote,
      },
      quoted: price,
      freeFrom: settings.methods[method].freeFrom,
      honoured: { method, cityCode: choice.cityCode, city, weightGrams: cart.weightGrams, price, daysMin, daysMax, until },
    };
  }
}
