export { type InvoiceLinks } from "./invoice-links";
export { invoicePayload } from "./invoice-payload";
export { checkDeliveryCost, checkPreCheckout, CURRENCY, issueInvoice, markRefunded, payableOrder, PAYMENT_TEXTS, recordPayment, type ReportedPayment } from "./payments";
