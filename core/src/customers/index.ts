export { syncTelegramCustomer, TELEGRAM_MESSAGES } from "./sync-telegram-user";
export { REFRESH_KNOWN_CUSTOMER, type TelegramIdentity } from "./telegram-customers";
export { allowMessages, markBlocked } from "./reachability";
