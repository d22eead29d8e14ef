export {
  createPromoCode,
  getPromoCode,
  listPromoCodes,
  PROMO_ADMIN_MESSAGES,
  type PromoCodeInput,
  type PromoCodeSummary,
  updatePromoCode,
} from "./admin";
export { previewPromoCode, type PromoPreview } from "./preview";
export {
  customerKeys,
  evaluatePromoCode,
  type OrderPromo,
  promoRefused,
  type PromoCartLine,
  type PromoEvaluation,
  readPromoCode,
  totalsWithPromo,
} from "./terms";
export { countPromoUse } from "./uses";
