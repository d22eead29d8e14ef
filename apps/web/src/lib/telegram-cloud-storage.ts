import { loadTelegramSdk } from "./telegram";

/**
 * Telegram's CloudStorage for the user (docs/product.md#one-cart-on-every-device): one value per name, split into
 * parts because Telegram keeps at most 4096 characters under a key (names ≤ 128 characters of A-Z a-z 0-9 _ -).
 * `<name>_n` holds the number of parts, `<name>_0`… the text. Null when CloudStorage is not there (the website, an
 * old client) or does not answer.
 */
export const CLOUD_VALUE_MAX_CHARS = 4096;

type Sdk = NonNullable<Awaited<ReturnType<typeof loadTelegramSdk>>>;

async function cloudSdk(): Promise<Sdk | null> {
  const sdk = await loadTelegramSdk();
  return sdk && sdk.isCloudStorageSupported() ? sdk : null;
}

/** The text split into parts that fit under one key each. */
export function splitIntoParts(text: string, size = CLOUD_VALUE_MAX_CHARS): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += size) parts.push(text.slice(start, start + size));
  return parts.length > 0 ? parts : [""];
}

const partKey = (name: string, index: number) => `${name}_${index}`;
const countKey = (name: string) => `${name}_n`;

/** The stored text, "" when nothing is stored under the name, null when CloudStorage cannot be read. */
export async function readCloudValue(name: string): Promise<string | null> {
  const sdk = await cloudSdk();
  if (!sdk) return null;
  try {
    const count = Number((await sdk.getCloudStorageItem([countKey(name)]))[countKey(name)]);
    if (!Number.isInteger(count) || count < 1) return "";
    const keys = Array.from({ length: count }, (_, index) => partKey(name, index));
    const values = await sdk.getCloudStorageItem(keys);
    return keys.map((key) => values[key] ?? "").join("");
  } catch (error) {
    console.warn(`cloud storage: cannot read "${name}"`, error);
    return null;
  }
}

/** Stores the text (the parts first, then their number); parts left over from a longer value are deleted. */
export async function writeCloudValue(name: string, text: string): Promise<boolean> {
  const sdk = await cloudSdk();
  if (!sdk) return false;
  try {
    const before = Number((await sdk.getCloudStorageItem([countKey(name)]))[countKey(name)]) || 0;
    const parts = splitIntoParts(text);
    for (const [index, part] of parts.entries()) await sdk.setCloudStorageItem(partKey(name, index), part);
    await sdk.setCloudStorageItem(countKey(name), String(parts.length));
    const stale = Array.from({ length: Math.max(0, before - parts.length) }, (_, index) => partKey(name, parts.length + index));
    if (stale.length > 0) await sdk.deleteCloudStorageItem(stale);
    return true;
  } catch (error) {
    console.warn(`cloud storage: cannot write "${name}"`, error);
    return false;
  }
}
