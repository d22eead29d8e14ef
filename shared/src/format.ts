/** How money and dates are shown (docs/product.md#pricing-and-delivery). */

function groupThousands(fixed: string): string {
  const [whole, fraction] = fixed.split(".");
  const sign = whole!.startsWith("-") ? "-" : "";
  const digits = sign ? whole!.slice(1) : whole!;
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, " ") + (fraction !== undefined ? "." + fraction : "");
}

function toNumber(value: number | string): number {
  const n = typeof value === "string" ? Number(value) : value;
  return Number.isFinite(n) ? n : 0;
}

/** Shop price: '1 234.00 руб.' */
export function formatPrice(value: number | string): string {
  return `${groupThousands(toNumber(value).toFixed(2))} руб.`;
}

/** Admin table price: '1234.00 ₽' */
export function formatAdminPrice(value: number | string): string {
  return `${toNumber(value).toFixed(2)} ₽`;
}

const rubWhole = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", maximumFractionDigits: 0, minimumFractionDigits: 0 });
const rubCents = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Statistics summary cards: RUB, ru-RU, no decimals. */
export function formatRub(value: number): string {
  return rubWhole.format(value);
}

/** Statistics tables: RUB, ru-RU, 2 decimals. */
export function formatRubCents(value: number): string {
  return rubCents.format(value);
}

const dateTime = new Intl.DateTimeFormat("ru-RU", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Moscow",
});

/** '22.11.2026, 14:05' in Moscow time, the shop's time zone. */
export function formatDateTime(iso: string | Date): string {
  return dateTime.format(typeof iso === "string" ? new Date(iso) : iso);
}

/** 'Ш×В×Г' value in millimetres with '?' for a missing side; null when no side is known. */
export function formatDimensions(width: number | null, height: number | null, depth: number | null): string | null {
  if (width == null && height == null && depth == null) return null;
  return [width, height, depth].map((side) => (side == null ? "?" : String(side))).join("×");
}
