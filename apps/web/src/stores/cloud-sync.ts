import type { Product } from "@shop/shared/schemas/catalog";
import { api, ApiError } from "../lib/api";
import { readStored, writeStored } from "../lib/storage";
import { telegramUser } from "../lib/telegram";
import { readCloudValue, writeCloudValue } from "../lib/telegram-cloud-storage";
import { quantityLimit, useCart, type CartItem } from "./cart";
import { lineKey, type CartLineKey } from "./cart-line";
import { lineSnapshot } from "./line-snapshot";
import { decodeCart, decodeWishlist, encodeCart, encodeWishlist, mergeQuantities, parseLineKey, type Quantities } from "./cloud-merge";
import { toSnapshot, type ProductSnapshot } from "./product-snapshot";
import { useWishlist } from "./wishlist";

/**
 * One cart and one wishlist on every device of a Telegram user (docs/product.md#one-cart-on-every-device): at start
 * the lists in Telegram's CloudStorage and on the device are merged (stores/cloud-merge.ts), and every later change
 * is written back after a short pause. Device storage stays what the stores read and write; the website never
 * loads this. The cart also goes to the shop itself (PUT /api/cart), for the bot's forgotten-cart reminder
 * (docs/product.md#forgotten-carts).
 */

const CLOUD_NAMES = { cart: "cart", wishlist: "wishlist" } as const;
const WRITE_DELAY_MS = 700;

interface Agreed {
  cart: string;
  wishlist: string;
}

/** What this device last wrote to (or read from) the cloud, per Telegram user. */
const agreedKey = (userId: number) => `cloud-agreed-${userId}`;
const parseAgreed = (value: unknown): Agreed | null =>
  value && typeof (value as Agreed).cart === "string" && typeof (value as Agreed).wishlist === "string" ? (value as Agreed) : null;

const cartQuantities = (items: readonly CartItem[]) => new Map<CartLineKey, number>(items.map((item) => [lineKey(item), item.quantity]));
const wishlistQuantities = (items: readonly ProductSnapshot[]) => new Map(items.map((item) => [item.id, 1]));

/** Fresh copies of the products; null when one the device does not know could not be read (not now, then). */
async function loadProducts(ids: readonly number[], known: ReadonlySet<number>): Promise<Map<number, Product> | null> {
  const found = new Map<number, Product>();
  let missingUnknown = false;
  await Promise.all(
    ids.map((id) =>
      api.product(id).then(
        (product) => void found.set(id, product),
        (error: unknown) => {
          // a product gone from the shop drops out; any other failure leaves the lists as they are for now
          if (!known.has(id) && !(error instanceof ApiError && error.status === 404)) missingUnknown = true;
        },
      ),
    ),
  );
  return missingUnknown ? null : found;
}

/** A line of the cloud's cart as the fresh product makes it (its variant and personalisation priced again). */
function freshLine(key: CartLineKey, product: Product) {
  if (typeof key === "number") return toSnapshot(product);
  const parts = parseLineKey(key);
  return parts ? lineSnapshot(product, parts.variant_id || null, parts.personalization) : null;
}

const productIdOf = (key: CartLineKey) => (typeof key === "number" ? key : (parseLineKey(key)?.id ?? null));

/** The merged cart: the device's own lines keep their snapshots; a quantity that grew stops at the pieces left. */
function cartItems(merged: Quantities<CartLineKey>, local: readonly CartItem[], products: ReadonlyMap<number, Product>): CartItem[] {
  const items: CartItem[] = [];
  for (const [key, wanted] of merged) {
    const own = local.find((item) => lineKey(item) === key);
    const id = productIdOf(key);
    const fresh = id === null ? undefined : products.get(id);
    const snapshot = (fresh ? freshLine(key, fresh) : null) ?? own;
    if (!snapshot) continue;
    const current = own?.quantity ?? 0;
    const quantity = wanted <= current ? wanted : Math.max(current, Math.min(wanted, quantityLimit(snapshot)));
    if (quantity > 0) items.push({ ...snapshot, quantity });
  }
  return items;
}

function wishlistItems(merged: Quantities, local: readonly ProductSnapshot[], products: ReadonlyMap<number, Product>): ProductSnapshot[] {
  const items: ProductSnapshot[] = [];
  for (const id of merged.keys()) {
    const fresh = products.get(id);
    const snapshot = fresh ? toSnapshot(fresh) : local.find((item) => item.id === id);
    if (snapshot) items.push(snapshot);
  }
  return items;
}

let started = false;

/** Inside Telegram, for a known user: merge once, then keep the cloud following the stores. */
export async function startCloudSync(): Promise<void> {
  const user = telegramUser();
  if (started || !user) return;
  started = true;
  const [cartText, wishlistText] = await Promise.all([readCloudValue(CLOUD_NAMES.cart), readCloudValue(CLOUD_NAMES.wishlist)]);
  if (cartText === null || wishlistText === null) return;
  const remoteCart = decodeCart(cartText) ?? new Map<CartLineKey, number>();
  const remoteWishlist = decodeWishlist(wishlistText) ?? new Map<number, number>();
  const agreed = readStored(agreedKey(user.id), parseAgreed, null);

  const agreedCart = agreed ? decodeCart(agreed.cart) : null;
  const agreedWishlist = agreed ? decodeWishlist(agreed.wishlist) : null;
  const merge = () => {
    const cart = useCart.getState().items;
    const wishlist = useWishlist.getState().items;
    return {
      cart,
      wishlist,
      mergedCart: mergeQuantities(cartQuantities(cart), remoteCart, agreedCart),
      mergedWishlist: mergeQuantities(wishlistQuantities(wishlist), remoteWishlist, agreedWishlist),
    };
  };

  // fresh copies of the products that come from the cloud or grow: their snapshots and the pieces left
  const first = merge();
  const localQuantity = cartQuantities(first.cart);
  const grownLines = [...first.mergedCart].filter(([key, quantity]) => quantity > (localQuantity.get(key) ?? 0)).map(([key]) => productIdOf(key));
  const newInWishlist = [...first.mergedWishlist.keys()].filter((id) => !first.wishlist.some((item) => item.id === id));
  const toLoad = [...new Set([...grownLines, ...newInWishlist])].filter((id): id is number => id !== null);
  const known = new Set([...first.cart.map((item) => item.id), ...first.wishlist.map((item) => item.id)]);
  const products = await loadProducts(toLoad, known);
  // a failure keeps this launch on the device's lists, and the cloud as it is
  if (!products) return;
  // merged again: the shopper may have changed something while the products loaded
  const { cart, wishlist, mergedCart, mergedWishlist } = merge();
  useCart.setState({ items: cartItems(mergedCart, cart, products) });
  useWishlist.setState({ items: wishlistItems(mergedWishlist, wishlist, products) });

  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing = Promise.resolve();
  const inCloud: Agreed = { cart: cartText, wishlist: wishlistText };
  let savedCart: string | null = null;
  const saveOnServer = () => {
    const items = useCart.getState().items.map((item) => ({ product_id: item.id, variant_id: item.variant_id ?? null, quantity: item.quantity }));
    const text = JSON.stringify(items);
    if (text === savedCart) return;
    // a failure leaves it for the next change: the reminder is a courtesy, the cart itself lives on the device
    void api.saveCart({ items }).then(
      () => void (savedCart = text),
      () => {},
    );
  };
  const write = () => {
    saveOnServer();
    const next: Agreed = {
      cart: encodeCart(cartQuantities(useCart.getState().items)),
      wishlist: encodeWishlist(wishlistQuantities(useWishlist.getState().items)),
    };
    writing = writing.then(async () => {
      for (const name of ["cart", "wishlist"] as const) {
        if (inCloud[name] !== next[name] && (await writeCloudValue(CLOUD_NAMES[name], next[name]))) inCloud[name] = next[name];
      }
      if (inCloud.cart === next.cart && inCloud.wishlist === next.wishlist) writeStored(agreedKey(user.id), next);
    });
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(write, WRITE_DELAY_MS);
  };
  useCart.subscribe((state, previous) => {
    if (state.items !== previous.items) schedule();
  });
  useWishlist.subscribe((state, previous) => {
    if (state.items !== previous.items) schedule();
  });
  write();
}
