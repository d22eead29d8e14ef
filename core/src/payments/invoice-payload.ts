/**
 * What an invoice's `payload` says (Telegram passes it back with the pre-checkout query and the payment): the
 * order and the invoice number, `order:<id>:invoice:<n>`. Each new invoice of an order gets the next number, so
 * an older invoice still in the chat names a number that is no longer the order's and cannot be paid.
 */

export interface InvoiceRef {
  orderId: number;
  invoiceNumber: number;
}

export function invoicePayload(ref: InvoiceRef): string {
  return `order:${ref.orderId}:invoice:${ref.invoiceNumber}`;
}

export function parseInvoicePayload(payload: string): InvoiceRef | null {
  const match = /^order:(\d{1,10}):invoice:(\d{1,10})$/.exec(payload);
  if (!match) return null;
  const orderId = Number(match[1]);
  const invoiceNumber = Number(match[2]);
  if (orderId < 1 || orderId > 2147483647 || invoiceNumber < 1 || invoiceNumber > 2147483647) return null;
  return { orderId, invoiceNumber };
}
