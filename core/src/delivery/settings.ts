import type { Database } from "@shop/prisma/db";
import { DELIVERY_METHODS, type DeliveryMethod, type PriceRule } from "@shop/shared/delivery";
import type { Kopecks } from "@shop/shared/money";
import { invalid } from "../errors";

/**
 * The seller's delivery settings (docs/delivery.md): which methods are offered and how each is priced, the pickup
 * address, the courier's price and cities, where parcels leave from, and the parcel of a product without its own
 * weight. One row of JSON; with nothing switched on the shop charges its fixed fee and the manager confirms, as a
 * shop without delivery settings always has.
 */

export interface MethodSettings extends PriceRule {
  enabled: boolean;
  /** goods (after the discount) from which this method is free; null: never */
  freeFrom: Kopecks | null;
  /** the seller prices it by hand: offered as «стоимость уточнит менеджер» */
  byArrangement: boolean;
}

export interface DeliverySettings {
  methods: Record<DeliveryMethod, MethodSettings>;
  pickup: { address: string; hours: string };
  courier: { price: Kopecks; cities: string[] };
  /** where parcels leave from: СДЭК's city code and the post office's index */
  origin: { city: string; cdekCityCode: number | null; postalCode: string };
  /** a parcel for products without their own weight and size */
  parcel: { weightGrams: number; lengthCm: number; widthCm: number; heightCm: number };
}

const offMethod = (): MethodSettings => ({ enabled: false, markupPercent: 0, markupFixed: 0, roundUpTo10: false, freeFrom: null, byArrangement: false });

export function defaultDeliverySettings(): DeliverySettings {
  return {
    methods: Object.fromEntries(DELIVERY_METHODS.map((method) => [method, offMethod()])) as Record<DeliveryMethod, MethodSettings>,
    pickup: { address: "", hours: "" },
    courier: { price: 0, cities: [] },
    origin: { city: "", cdekCityCode: null, postalCode: "" },
    parcel: { weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 10 },
  };
}

/** Some method is switched on: checkout asks for one. */
export const deliveryConfigured = (settings: DeliverySettings): boolean => DELIVERY_METHODS.some((method) => settings.methods[method].enabled);

export const SETTINGS_TEXTS = {
  badMarkup: "Наценка в процентах — число от 0 до 500",
  badMoney: "Сумма — от 0 до 100 000 руб., с точностью до копейки",
  badWeight: "Вес посылки — целое число граммов от 1 до 100 000",
  badSize: "Размер посылки — целое число сантиметров от 1 до 300",
  pickupAddress: "Укажите адрес самовывоза",
  courierCities: "Укажите города, куда возит курьер",
  cdekOrigin: "Укажите код города отправки СДЭК",
  pochtaOrigin: "Укажите индекс отделения отправки",
} as const;

const inRange = (value: number, min: number, max: number) => Number.isFinite(value) && value >= min && value <= max;

/** The settings as a seller saved them, checked; a Russian 400 naming the field otherwise. */
export function checkDeliverySettings(settings: DeliverySettings): DeliverySettings {
  const fail = (field: string, message: string) => invalid(message, { [field]: message });
  for (const method of DELIVERY_METHODS) {
    const m = settings.methods[method];
    if (!inRange(m.markupPercent, 0, 500)) throw fail(`methods.${method}.markup_percent`, SETTINGS_TEXTS.badMarkup);
    if (!Number.isInteger(m.markupFixed) || !inRange(m.markupFixed, -100_000_00, 100_000_00)) throw fail(`methods.${method}.markup_roubles`, SETTINGS_TEXTS.badMoney);
    if (m.freeFrom !== null && (!Number.isInteger(m.freeFrom) || !inRange(m.freeFrom, 0, 100_000_000_00))) throw fail(`methods.${method}.free_from`, SETTINGS_TEXTS.badMoney);
  }
  if (!Number.isInteger(settings.courier.price) || !inRange(settings.courier.price, 0, 100_000_00)) throw fail("courier.price", SETTINGS_TEXTS.badMoney);
  const parcel = settings.parcel;
  if (!Number.isInteger(parcel.weightGrams) || !inRange(parcel.weightGrams, 1, 100_000)) throw fail("parcel.weight_grams", SETTINGS_TEXTS.badWeight);
  for (const [field, value] of [["length_cm", parcel.lengthCm], ["width_cm", parcel.widthCm], ["height_cm", parcel.heightCm]] as const) {
    if (!Number.isInteger(value) || !inRange(value, 1, 300)) throw fail(`parcel.${field}`, SETTINGS_TEXTS.badSize);
  }
  const on = (method: DeliveryMethod) => settings.methods[method].enabled;
  if (on("pickup") && !settings.pickup.address.trim()) throw fail("pickup.address", SETTINGS_TEXTS.pickupAddress);
  if (on("courier") && settings.courier.cities.every((city) => !city.trim())) throw fail("courier.cities", SETTINGS_TEXTS.courierCities);
  if ((on("cdek_point") || on("cdek_door")) && settings.origin.cdekCityCode === null) throw fail("origin.cdek_city_code", SETTINGS_TEXTS.cdekOrigin);
  if (on("pochta") && !/^\d{6}$/.test(settings.origin.postalCode)) throw fail("origin.postal_code", SETTINGS_TEXTS.pochtaOrigin);
  return {
    ...settings,
    courier: { ...settings.courier, cities: settings.courier.cities.map((city) => city.trim()).filter(Boolean) },
  };
}

/** What is stored, over the defaults: a setting added later reads as its default. */
function merged(stored: Partial<DeliverySettings> | null): DeliverySettings {
  const base = defaultDeliverySettings();
  if (!stored) return base;
  const methods = { ...base.methods };
  for (const method of DELIVERY_METHODS) methods[method] = { ...base.methods[method], ...stored.methods?.[method] };
  return {
    methods,
    pickup: { ...base.pickup, ...stored.pickup },
    courier: { ...base.courier, ...stored.courier },
    origin: { ...base.origin, ...stored.origin },
    parcel: { ...base.parcel, ...stored.parcel },
  };
}

export async function readDeliverySettings(db: Pick<Database, "read">): Promise<DeliverySettings> {
  const [row] = await db.read<{ settings: Partial<DeliverySettings> }>(`SELECT settings FROM delivery_settings WHERE id = 1`, []);
  return merged(row?.settings ?? null);
}

export async function writeDeliverySettings(db: Pick<Database, "read">, settings: DeliverySettings): Promise<DeliverySettings> {
  const checked = checkDeliverySettings(merged(settings));
  await db.read(
    `INSERT INTO delivery_settings (id, settings, updated_at) VALUES (1, $1::jsonb, now())
     ON CONFLICT (id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()`,
    [JSON.stringify(checked)],
  );
  return checked;
}
