export { CARD_MAX_ORDERS, CUSTOMER_NOT_FOUND, CUSTOMER_QUERY_REQUIRED, customerCard, type CustomerCard } from "./customer-card";
export { addOrderNote, listOrderNotes, NOTE_REQUIRED, type OrderNote } from "./notes";
export { pickingStatus, PICKER_STATUSES_ONLY } from "./picking";
export { DATE_RANGE_INVALID, EXPORT_MAX_ORDERS, ordersForExport, type OrderSearch, type OrderSearchPage, searchOrders } from "./search";
