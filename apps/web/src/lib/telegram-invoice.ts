import { loadTelegramSdk } from "./telegram";

/** How Telegram's payment form closed; null when it could not be opened here (no Telegram client, old client). */
export type InvoiceOutcome = "paid" | "cancelled" | "failed" | "pending";

/**
 * Opens an invoice link (https://t.me/$<slug> from the Bot API's createInvoiceLink) in Telegram's own payment form
 * and resolves with how the form closed. Outside Telegram, or when the client cannot show invoices, resolves null.
 */
export async function openTelegramInvoice(url: string): Promise<InvoiceOutcome | null> {
  const sdk = await loadTelegramSdk();
  if (!sdk?.openInvoice.isAvailable()) return null;
  const status = await sdk.openInvoice(url, "url");
  return status === "paid" || status === "cancelled" || status === "pending" ? status : "failed";
}
