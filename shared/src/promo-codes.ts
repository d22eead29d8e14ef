/**
 * Promo codes (docs/product.md#promo-codes): whether a code applies to a cart, how much it takes off, and how it
 * combines with the volume discount tiers (pricing.ts). Pure: the server decides with these, the web app shows
 * the same words. Money in kopecks.
 */
import { formatPrice } from "./format";
import { toRoubles, type Kopecks } from "./money";

export type PromoKind = "percent" | "fixed";
export type PromoScope = "all" | "categories" | "products";

export const PROMO_CODE_MAX_LENGTH = 40;
/** Letters (Latin or Cyrillic), digits, '-' and '_': what can travel in a link (`?promo=`, `startapp=promo_…`). */
export const PROMO_CODE_PATTERN = /^[0-9A-Za-zА-ЯЁа-яё_-]{2,40}$/;

/** How a code is stored and matched: trimmed and in capitals, so «ремесло10» finds «РЕМЕСЛО10». */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A code's terms as the shop keeps them. */
export interface PromoTerms {
  code: string;
  kind: PromoKind;
  percent: number;
  /** a fixed code's discount */
  amount: Kopecks;
  /** the cart's sum before discounts from which the code applies */
  minOrder: Kopecks;
  maxUses: number | null;
  uses: number;
  maxUsesPerCustomer: number | null;
  /** the customer's uses (the larger of their phone's and their Telegram account's) */
  customerUses: number;
  startsAt: Date | null;
  /** the first moment the code no longer works */
  endsAt: Date | null;
  active: boolean;
  scope: PromoScope;
  categoryIds: readonly number[];
  productIds: readonly number[];
}

/** A cart line as the code sees it. */
export interface PromoLine {
  price: Kopecks;
  quantity: number;
  productId: number | null;
  /** the product's categories */
  categoryIds: readonly number[];
}

export type PromoRefusalReason = "unknown" | "off" | "not-started" | "expired" | "used-up" | "used-by-customer" | "minimum" | "scope";

export type PromoCheck =
  | { ok: true; discount: Kopecks; eligible: boolean[] }
  | { ok: false; reason: PromoRefusalReason; message: string; missing?: Kopecks };

const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of a moment, in Moscow (UTC+3 all year). */
export function moscowDay(moment: Date): string {
  return new Date(moment.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first moment of a Moscow day ('YYYY-MM-DD'); `after`: of the day after it (where a day «до» ends). */
export function moscowDayStart(day: string, after = false): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + (after ? 1 : 0)) - MOSCOW_OFFSET_MS);
}

/** '1 декабря 2026' */
function longDay(day: string): string {
  return new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })
    .format(new Date(`${day}T00:00:00Z`))
    .replace(/\s*г\.$/, "");
}

export const PROMO_MESSAGES = {
  unknown: (code: string) => `Промокод «${code}» не найден. Проверьте, нет ли в нём опечатки.`,
  off: (code: string) => `Промокод «${code}» сейчас не действует: магазин его отключил.`,
  notStarted: (code: string, day: string) => `Промокод «${code}» начнёт действовать ${longDay(day)}.`,
  expired: (code: string, day: string) => `Срок действия промокода «${code}» закончился ${longDay(day)}.`,
  usedUp: (code: string) => `Промокод «${code}» уже использован максимальное число раз.`,
  usedByCustomer: (code: string) => `Вы уже использовали промокод «${code}».`,
  minimum: (code: string, min: Kopecks, missing: Kopecks) =>
    `Промокод «${code}» действует для заказа от ${formatPrice(toRoubles(min))}: добавьте товаров ещё на ${formatPrice(toRoubles(missing))}`,
  scope: (code: string) => `Промокод «${code}» не действует на товары в корзине.`,
  badFormat: "Промокод — от 2 до 40 букв, цифр, «-» и «_».",
} as const;

/** Whether a line is in the code's scope. */
export function inPromoScope(terms: Pick<PromoTerms, "scope" | "categoryIds" | "productIds">, line: PromoLine): boolean {
  if (terms.scope === "all") return true;
  if (line.productId === null) return false;
  if (terms.scope === "products") return terms.productIds.includes(line.productId);
  return line.categoryIds.some((id) => terms.categoryIds.includes(id));
}

/**
 * Whether the code applies to the cart at `now`, and its discount: a percent of the lines in its scope (rounded to
 * the kopeck), or its fixed sum, at most what those lines cost. The reasons are checked in the order a shopper
 * can do something about them last: switched off, dates, uses, scope, minimum.
 */
export function checkPromoCode(terms: PromoTerms, lines: readonly PromoLine[], now: Date): PromoCheck {
  const { code } = terms;
  if (!terms.active) return { ok: false, reason: "off", message: PROMO_MESSAGES.off(code) };
  if (terms.startsAt && now < terms.startsAt) return { ok: false, reason: "not-started", message: PROMO_MESSAGES.notStarted(code, moscowDay(terms.startsAt)) };
  if (terms.endsAt && now >= terms.endsAt) {
    return { ok: false, reason: "expired", message: PROMO_MESSAGES.expired(code, moscowDay(new Date(terms.endsAt.getTime() - 1))) };
  }
  if (terms.maxUses !== null && terms.uses >= terms.maxUses) return { ok: false, reason: "used-up", message: PROMO_MESSAGES.usedUp(code) };
  if (terms.maxUsesPerCustomer !== null && terms.customerUses >= terms.maxUsesPerCustomer) {
    return { ok: false, reason: "used-by-customer", message: PROMO_MESSAGES.usedByCustomer(code) };
  }
  const eligible = lines.map((line) => inPromoScope(terms, line));
  const eligibleSum = lines.reduce((sum, line, index) => sum + (eligible[index] ? line.price * line.quantity : 0), 0);
  if (eligibleSum === 0) return { ok: false, reason: "scope", message: PROMO_MESSAGES.scope(code) };
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  if (subtotal < terms.minOrder) {
    const missing = terms.minOrder - subtotal;
    return { ok: false, reason: "minimum", message: PROMO_MESSAGES.minimum(code, terms.minOrder, missing), missing };
  }
  const discount = terms.kind === "percent" ? Math.round((eligibleSum * terms.percent) / 100) : Math.min(terms.amount, eligibleSum);
  return { ok: true, discount, eligible };
}

/**
 * Spreads a discount over lines in proportion to their sums, among the eligible lines only (all when not given);
 * the kopecks left by rounding go to the first eligible lines. The shares add up to the discount exactly.
 */
export function spreadDiscount(sums: readonly Kopecks[], discount: Kopecks, eligible?: readonly boolean[]): Kopecks[] {
  const counts = (index: number) => eligible?.[index] ?? true;
  const base = sums.reduce((total, sum, index) => total + (counts(index) ? sum : 0), 0);
  const shares = sums.map((sum, index) => (base > 0 && counts(index) ? Math.floor((discount * sum) / base) : 0));
  let left = discount - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0 && i < shares.length; i++) {
    if (!counts(i) || shares[i]! >= sums[i]!) continue;
    shares[i]! += 1;
    left--;
  }
  return shares;
}

/** What the shopper reads under the code field once the code applies: which discount they get, and why. */
export const PROMO_OUTCOME = {
  rule: "Скидка по промокоду и скидка за сумму заказа не суммируются: действует бо́льшая.",
  promoWins: (code: string, discount: Kopecks) => `Промокод «${code}» применён: −${formatPrice(toRoubles(discount))}`,
  volumeWins: (code: string, promoDiscount: Kopecks, percent: number) =>
    `Скидка за сумму заказа (${percent}%) больше, чем по промокоду «${code}» (−${formatPrice(toRoubles(promoDiscount))}): применяется она, промокод останется неиспользованным.`,
} as const;
