import path from "node:path";
import { Api, GrammyError, InputFile } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { autoRetry } from "@grammyjs/auto-retry";
import type { Config } from "@shop/core/config";
import type { BroadcastMessage, BroadcastSender, SendOutcome } from "@shop/core/broadcasts";
import { shopWebAppUrl } from "./keyboards";

export const BROADCAST_BUTTONS = { catalog: "🛍 Открыть каталог", product: "Открыть товар" } as const;

/** The broadcast's button: the catalogue or a product in the Mini App (its startapp link, else a web_app button). */
export function broadcastKeyboard(button: BroadcastMessage["button"], config: Pick<Config, "publicUrl" | "telegram">): InlineKeyboardMarkup | undefined {
  if (button.kind === "none") return undefined;
  const text = button.kind === "catalog" ? BROADCAST_BUTTONS.catalog : BROADCAST_BUTTONS.product;
  const miniApp = config.telegram.miniAppUrl;
  if (miniApp) return { inline_keyboard: [[{ text, url: button.kind === "catalog" ? miniApp : `${miniApp}?startapp=product_${button.productId}` }]] };
  const webApp = shopWebAppUrl(config.publicUrl, button.kind === "catalog" ? "/" : `/product/${button.productId}`);
  return webApp ? { inline_keyboard: [[{ text, web_app: { url: webApp } }]] } : undefined;
}

/**
 * Sends broadcast messages through the Bot API (docs/telegram.md#broadcasts). The job paces them (BROADCAST_RATE);
 * auto-retry waits out a 429's retry_after (up to a minute, a few times), so a burst Telegram refuses goes out
 * late rather than not at all. 403 is a customer who blocked the bot. A photo goes as the shop's public address of
 * the upload, or as the file itself without one; Telegram's file id of the first upload is reused.
 */
export function createBroadcastSender(config: Pick<Config, "publicUrl" | "telegram" | "uploadDir">): BroadcastSender {
  const token = config.telegram.botToken;
  if (!token) throw new Error("broadcasts need TELEGRAM_BOT_TOKEN");
  const api = new Api(token, { apiRoot: config.telegram.apiRoot, timeoutSeconds: 30 });
  api.config.use(autoRetry({ maxDelaySeconds: 60, maxRetryAttempts: 3, rethrowHttpErrors: false }));
  const fileIds = new Map<string, string>();

  const photoOf = (photo: string): string | InputFile =>
    fileIds.get(photo) ?? (config.publicUrl ? config.publicUrl + photo : new InputFile(path.join(config.uploadDir, path.basename(photo))));

  return {
    async send(chatId, message): Promise<SendOutcome> {
      const reply_markup = broadcastKeyboard(message.button, config);
      try {
        if (message.photo) {
          const sent = await api.sendPhoto(Number(chatId), photoOf(message.photo), { caption: message.text, reply_markup });
          const largest = sent.photo?.at(-1)?.file_id;
          if (largest) fileIds.set(message.photo, largest);
        } else {
          await api.sendMessage(Number(chatId), message.text, { reply_markup, link_preview_options: { is_disabled: true } });
        }
        return { kind: "sent" };
      } catch (error) {
        if (error instanceof GrammyError && error.error_code === 403) return { kind: "blocked" };
        const description = error instanceof GrammyError ? `${error.error_code}: ${error.description}` : error instanceof Error ? error.message : String(error);
        return { kind: "failed", error: description };
      }
    },
  };
}
