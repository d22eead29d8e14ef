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
  return clean.slice(0, META_DESCRIPTION_LENGTH - 3).trimEnd() + "...";
}
