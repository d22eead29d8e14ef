import type { FakeCall, FakeTelegram } from "../../bot/test/helpers/fake-telegram";
import type { Person } from "../../bot/test/helpers/updates";
import { invoiceOf, newCharge, preCheckoutQuery, successfulPayment, type Charge, type InvoiceParts } from "../../bot/test/helpers/payments";

export { invoiceOf, newCharge, preCheckoutQuery, successfulPayment, type Charge, type InvoiceParts };

/**
 * Paying an invoice against the shop's real bot, which polls the stand-in of the Bot API (BOT_MODE=polling,
 * TELEGRAM_API_ROOT=fake.url, PAYMENT_PROVIDER_TOKEN set): what Telegram does when the customer presses 'Pay'.
 */

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The last invoice the shop sent or linked (sendInvoice / createInvoiceLink), once the stand-in has one. */
export function waitForInvoice(fake: FakeTelegram, method: "sendInvoice" | "createInvoiceLink" = "sendInvoice", after = 0): Promise<FakeCall> {
  return waitFor(() => fake.succeeded(method).slice(after).at(-1), method);
}

/**
 * Sends the pre-checkout query and waits for the bot's answer; when it says ok, reports the payment as
 * successful_payment. Returns the answer (ok, error_message).
 */
export async function payInvoice(
  fake: FakeTelegram,
  from: Person,
  invoice: InvoiceParts,
  charge: Charge = newCharge(),
): Promise<{ ok: boolean; error_message?: string }> {
  const answered = fake.succeeded("answerPreCheckoutQuery").length;
  fake.pushUpdate(preCheckoutQuery(from, invoice));
  const answer = await waitFor(() => fake.succeeded("answerPreCheckoutQuery")[answered], "answerPreCheckoutQuery");
  if (answer.params.ok !== true) return { ok: false, error_message: answer.params.error_message };
  fake.pushUpdate(successfulPayment(from, invoice, charge));
  return { ok: true };
}
