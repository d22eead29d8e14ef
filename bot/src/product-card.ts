import type { InlineKeyboardMarkup, InlineQueryResult } from "grammy/types";
import type { Config } from "@shop/core/config";
import type { Product } from "@shop/shared/schemas/catalog";
import { priceFromLabel } from "@shop/shared/variants";
import { cardImageUrl, telegramPhotoPath } from "@shop/shared/images";
import { metaDescription } from "@shop/shared/text";
import { escapeHtml } from "./order-text";

/**
 * A product as a message anyone can post in any chat (docs/product.md#telegram-bot): the product's picture with a
 * caption — name, price in the shop's format, a short description — and a button that opens the product in the
 * Mini App. Inline mode (inline-search.ts) and sharing from the Mini App (product-share.ts) send the same card.
 */

export const PRODUCT_CARD_TEXTS = {
  openButton: "🛍 Открыть в магазине",
} as const;

/** Where the card's links lead: the shop's settings and the bot's username (known once the bot asked getMe). */
export interface ProductCardLinks {
  config: Config;
  botUsername: string | null;
}

/**
 * The link that opens the Mini App on the product (`startapp=product_<id>`, lib/telegram-start.ts in the web
 * app): the registered Mini App (TELEGRAM_MINI_APP_URL), else the bot's main Mini App (`t.me/<bot>?startapp=`).
 * Null when neither is known. Messages posted in other chats cannot carry web_app buttons, only links.
 */
export function productStartAppLink({ config, botUsername }: ProductCardLinks, productId: number): string | null {
  const startParam = `product_${productId}`;
  if (config.telegram.miniAppUrl) {
    const link = new URL(config.telegram.miniAppUrl);
    link.searchParams.set("startapp", startParam);
    return link.toString();
  }
  return botUsername ? `https://t.me/${botUsername}?startapp=${startParam}` : null;
}

/**
 * An absolute public address of a picture as Telegram takes it (JPEG: an uploaded WebP through
 * /api/telegram/photo/…), or null when Telegram could not fetch it.
 */
export function publicImageUrl(config: Config, imageUrl: string | undefined): string | null {
  if (!imageUrl) return null;
  if (/^https:\/\//.test(imageUrl)) return imageUrl;
  const jpeg = telegramPhotoPath(imageUrl);
  if (!jpeg || !config.publicUrl?.startsWith("https://")) return null;
  return config.publicUrl + jpeg;
}

/** The card's text (HTML): the name in bold, the price, and the description cut to 160 characters. */
export function productCaption(product: Product): string {
  const lines = [`<b>${escapeHtml(product.name)}</b>`, priceFromLabel(product)];
  const description = metaDescription(product.description, "");
  if (description) lines.push("", escapeHtml(description));
  return lines.join("\n");
}

function openButton(links: ProductCardLinks, productId: number): InlineKeyboardMarkup | undefined {
  const url = productStartAppLink(links, productId);
  return url ? { inline_keyboard: [[{ text: PRODUCT_CARD_TEXTS.openButton, url }]] } : undefined;
}

/**
 * The card as an inline result: a photo with the caption when the product has a picture at a public https
 * address, else an article that posts the caption as text.
 */
export function productInlineResult(product: Product, links: ProductCardLinks): InlineQueryResult {
  const id = `product_${product.id}`;
  const caption = productCaption(product);
  const reply_markup = openButton(links, product.id);
  const photo = publicImageUrl(links.config, product.images[0]?.image_url);
  if (photo) {
    return {
      type: "photo",
      id,
      photo_url: photo,
      thumbnail_url: publicImageUrl(links.config, cardImageUrl(product.images[0]!.image_url)) ?? photo,
      title: product.name,
      description: priceFromLabel(product),
      caption,
      parse_mode: "HTML",
      reply_markup,
    };
  }
  return {
    type: "article",
    id,
    title: product.name,
    description: priceFromLabel(product),
    input_message_content: { message_text: caption, parse_mode: "HTML", link_preview_options: { is_disabled: true } },
    reply_markup,
  };
}
