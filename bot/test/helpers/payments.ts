import type { Update } from "grammy/types";
import type { FakeCall } from "./fake-telegram";
import type { Person } from "./updates";

/**
 * Telegram's side of a payment, as the stand-in of the Bot API would deliver it: the pre-checkout query the
 * payment sheet sends before charging, and the message with successful_payment after. Built from an invoice the
 * shop sent (a sendInvoice or createInvoiceLink call the stand-in recorded), or from its parts.
 */

let nextUpdateId = 90_000;
let nextMessageId = 70_000;
let nextCharge = 1;

export interface InvoiceParts {
  /** the invoice's payload, e.g. "order:12:invoice:1" */
  payload: string;
  currency: string;
  /** kopecks */
  totalAmount: number;
}

/** payload, currency and the sum of the prices of an invoice the shop sent (sendInvoice or createInvoiceLink) */
export function invoiceOf(call: FakeCall): InvoiceParts {
  const prices = call.params.prices as { amount: number }[];
  return { payload: call.params.payload, currency: call.params.currency, totalAmount: prices.reduce((sum, price) => sum + price.amount, 0) };
}

function user(person: Person) {
  return { is_bot: false, language_code: "ru", ...person };
}

/** The pre-checkout query of the person pressing 'Pay' on the invoice; `change` alters what the sheet asks for. */
export function preCheckoutQuery(from: Person, invoice: InvoiceParts, change: Partial<InvoiceParts> = {}): Update {
  const asked = { ...invoice, ...change };
  return {
    update_id: nextUpdateId++,
    pre_checkout_query: {
      id: `pcq-${nextUpdateId}`,
      from: user(from),
      currency: asked.currency,
      total_amount: asked.totalAmount,
      invoice_payload: asked.payload,
      order_info: { email: "anna@example.ru" },
    },
  } as Update;
}

export interface Charge {
  telegramChargeId: string;
  providerChargeId: string;
}

/** A fresh pair of charge ids, as Telegram and the provider give each payment. */
export function newCharge(): Charge {
  const n = nextCharge++;
  return { telegramChargeId: `tg-charge-${n}-${Date.now()}`, providerChargeId: `provider-charge-${n}-${Date.now()}` };
}

/** The message in the person's chat with the bot that reports the payment (send it twice to imitate a repeat). */
export function successfulPayment(from: Person, invoice: InvoiceParts, charge: Charge = newCharge()): Update {
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: "private", first_name: from.first_name, username: from.username },
      from: user(from),
      successful_payment: {
        currency: invoice.currency,
        total_amount: invoice.totalAmount,
        invoice_payload: invoice.payload,
        telegram_payment_charge_id: charge.telegramChargeId,
        provider_payment_charge_id: charge.providerChargeId,
        order_info: { email: "anna@example.ru" },
      },
    },
  } as Update;
}
