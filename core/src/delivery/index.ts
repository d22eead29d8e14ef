export {
  type CarrierCity,
  type CarrierPoint,
  type CarrierSettings,
  CarrierUnavailable,
  carrierSettingsFromEnv,
  CDEK_TARIFFS,
  POCHTA_PARCEL_OBJECT,
} from "./carriers";
export { orderDeliveries, orderDelivery, type OrderShipment } from "./order-delivery";
export {
  type CartLineRef,
  DELIVERY_TEXTS,
  type DeliveryChoice,
  DeliveryDesk,
  type DeliveryQuotes,
  type HonouredQuote,
  type OrderDeliveryQuote,
  parcelSize,
  type PieceSize,
  type MethodQuote,
  QUOTE_HONOURED_MS,
  type QuoteRequest,
} from "./quotes";
export {
  checkDeliverySettings,
  defaultDeliverySettings,
  deliveryConfigured,
  type DeliverySettings,
  type MethodSettings,
  readDeliverySettings,
  SETTINGS_TEXTS,
  writeDeliverySettings,
} from "./settings";
export {
  type CdekWebhook,
  type DeliveryNotifier,
  POLL_BATCH,
  pollCdekStatuses,
  type PollDeps,
  type PollOutcome,
  receiveCdekWebhook,
  registerCdekShipment,
  setTrackNumber,
  SHIPMENT_TEXTS,
  type Tracking,
  type TrackingNotifier,
  type WebhookOutcome,
} from "./shipments";
