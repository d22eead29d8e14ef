import { META_DESCRIPTION_LENGTH } from "./constants";

/** Search compares lower-case text with ё folded to е, so 'ёлка' and 'Елка' find each other. */
export function normalizeSearchText(text: string): string {
  return text.toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim();
}

export const DEFAULT_META_DESCRIPTION =
  "Изделия ручной работы и декор для дома: керамика, текстиль, свечи, дерево. Доставка по России.";

/** Meta description: at most 160 characters, '...' when cut, a default text when empty. */
export function metaDescription(text: string | null | undefined, fallback = DEFAULT_META_DESCRIPTION): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (!clean) return fallback;
  if (clean.length <= META_DESCRIPTION_LENGTH) return clean;
  return cutText(clean, META_DESCRIPTION_LENGTH - 3, "").trimEnd() + "...";
}

/**
 * `text` cut to at most `maxUnits` UTF-16 units (what JavaScript's length and Telegram's limits count), ending with
 * `ellipsis` when cut; only between whole characters, so an emoji is never split into half a surrogate pair.
 */
export function cutText(text: string, maxUnits: number, ellipsis = "…"): string {
  if (text.length <= maxUnits) return text;
  const room = maxUnits - ellipsis.length;
  let cut = "";
  for (const char of text) {
    if (cut.length + char.length > room) break;
    cut += char;
  }
  return cut + ellipsis;
}

/** Half of a surrogate pair with no other half: not a character, and no UTF-8 (PostgreSQL and Telegram refuse it). */
export const hasLoneSurrogate = (text: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

/**
 * Nothing a reader would see: white space, format characters (zero-width space and joiners, soft hyphen, word
 * joiner, byte order mark, direction marks), the combining grapheme joiner and the Hangul fillers.
 */
const INVISIBLE_ONLY = /^[\s\p{Cf}\u034F\u115F\u1160\u3164\uFFA0]*$/u;

/** True when the text shows nothing: a name made only of such characters is no name (docs/product.md#checkout-validation). */
export const looksEmpty = (text: string | null | undefined): boolean => !text || INVISIBLE_ONLY.test(text);
