import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { CheckoutFields } from "@shop/shared/schemas/orders";
import type { ConfigResponse } from "@shop/shared/schemas/telegram";
import { ORDER_ERROR_MESSAGES, validateCheckoutForm, type CheckoutErrors } from "@shop/shared/checkout";
import { totalsInRoubles } from "@shop/shared/pricing";
import { formatPrice } from "@shop/shared/format";
import { CHECKOUT_MAX_LENGTH } from "@shop/shared/constants";
import { api } from "../../lib/api";
import { leaveTo } from "../../lib/navigation";
import { invalidate, prefetch, useQuery } from "../../lib/query";
import { useHydrated } from "../../lib/hydrated";
import { usePageMeta } from "../../lib/seo";
import { isInTelegram, telegramHaptic, telegramUser } from "../../lib/telegram";
import { useTelegramMainButton } from "../../hooks/useTelegramBottomButtons";
import { useFreshCart } from "../../hooks/useFreshCart";
import { NO_ITEMS, cartCount, stockProblem, useCart, useCartItems } from "../../stores/cart";
import { lineKey } from "../../stores/cart-line";
import { checkoutFormStarted, setCheckoutDraftStarted } from "../../stores/checkout-draft";
import { CartLine } from "../../components/CartLine";
import { CartSkeleton } from "../../components/CartSkeleton";
import { EmptyState } from "../../components/EmptyState";
import { CartIcon } from "../../components/Icons";
import { PhoneInput } from "./PhoneInput";
import { SharePhoneButton } from "./SharePhoneButton";
import { CheckoutError, newIdempotencyKey, submitCheckout } from "./checkout-submit";
import { saveOrderSummary } from "../../lib/order-summary";
import styles from "./CheckoutPage.module.css";
import { TotalsList } from "../../components/TotalsList";
import type { DeliveryOptionsResponse } from "@shop/shared/schemas/delivery";
import { DeliveryPicker, type DeliverySelection } from "./DeliveryPicker";
import { PromoCodeField } from "../../components/PromoCodeField";
import { promoForTotals, usePromoCheck } from "../../hooks/usePromoCheck";
import { setPromoCode, usePromoCode } from "../../stores/promo-code";

const CONFIG_KEY = "config";
const loadConfig = () => api.config();
const DELIVERY_OPTIONS_KEY = "delivery-options";
const loadDeliveryOptions = () => api.deliveryOptions();
const DELIVERY_TEXTS = {
  chooseMethod: "Выберите способ доставки",
  choosePoint: "Выберите пункт выдачи",
  needAddress: "Укажите адрес доставки",
} as const;
const CHANGE_MARKED_LINES_TEXT = "Измените отмеченные товары, чтобы оформить заказ";

function initialForm(): CheckoutFields {
  const user = telegramUser();
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(" ");
  return { customer_name: name, customer_phone: "+7 ", delivery_address: "", comment: "" };
}

export default function CheckoutPage() {
  const rendered = useCartItems();
  const items = rendered ?? NO_ITEMS;
  const hydrated = useHydrated();
  const [initial] = useState<CheckoutFields>(initialForm);
  const [form, setForm] = useState<CheckoutFields>(initial);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submittingRef = useRef(false);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const navigate = useNavigate();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const config = useQuery<ConfigResponse | null>(CONFIG_KEY, loadConfig, null);
  const deliveryOptions = useQuery<DeliveryOptionsResponse | null>(DELIVERY_OPTIONS_KEY, loadDeliveryOptions, null);
  const [delivery, setDelivery] = useState<DeliverySelection | null>(null);
  const [deliveryRefresh, setDeliveryRefresh] = useState(0);
  const [addressError, setAddressError] = useState<string | null>(null);
  useFreshCart();
  const promoCode = usePromoCode();
  const promoCheck = usePromoCheck(promoCode, items);
  usePageMeta({ title: "Оформление заказа", description: "Оформление заказа в магазине изделий ручной работы «Ремесло»." });
  // inside Telegram the submit is the MainButton (with its progress state) instead of the page's own buttons
  const mainButton = useTelegramMainButton({
    text: "Оформить заказ",
    visible: items.length > 0,
    loading: submitting,
    onClick: () => formRef.current?.requestSubmit(),
  });

  // the Mini App asks before closing while the form holds something typed (stores/checkout-draft.ts)
  useEffect(() => setCheckoutDraftStarted(checkoutFormStarted(form, initial)), [form, initial]);
  useEffect(() => () => setCheckoutDraftStarted(false), []);

  if (rendered === null) return <CartSkeleton status="Загружаем заказ…" />;
  if (items.length === 0) {
    return (
      <div className="container">
        <EmptyState title="Корзина пустая" icon={<CartIcon size={32} />}>
          <span>Добавьте товары, чтобы оформить заказ.</span>
          <Link to="/" className="btn btn-primary">
            Перейти в каталог
          </Link>
        </EmptyState>
      </div>
    );
  }

  const count = cartCount(items);
  const viaBot = !isInTelegram() && config.data?.checkoutMode === "bot";
  // the shopper picks a method here, also for a checkout confirmed in the bot (the bot quotes it again)
  const picksDelivery = deliveryOptions.data?.configured === true;
  const quoted = picksDelivery && delivery?.choice && delivery.fee !== null ? delivery.fee : null;
  const promo = promoForTotals(promoCheck);
  const totals = quoted === null ? totalsInRoubles(items, undefined, promo) : totalsInRoubles(items, quoted, promo);
  // a code the server said does not apply is not sent (the order goes without it); an unchecked one is, the server decides
  const orderPromoCode = promoCode && !(promoCheck.result && !promoCheck.result.applies) ? promoCode : null;
  const stockBlocked = items.some((item) => stockProblem(item) !== null);

  const edit = (field: keyof CheckoutFields, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (field in errors) setErrors((current) => ({ ...current, [field]: undefined }));
    if (field === "delivery_address") setAddressError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submittingRef.current || items.length === 0) return;
    if (stockBlocked) {
      telegramHaptic("error");
      return;
    }
    const found = validateCheckoutForm(form);
    if (found.customer_name || found.customer_phone) {
      setErrors(found);
      telegramHaptic("error");
      const firstBad = found.customer_name ? "customer_name" : "customer_phone";
      document.getElementById(`${formId}-${firstBad}`)?.focus();
      return;
    }
    if (picksDelivery) {
      const missing = !delivery?.choice ? DELIVERY_TEXTS.chooseMethod : !delivery.complete ? DELIVERY_TEXTS.choosePoint : null;
      if (missing) {
        setFailure(missing);
        telegramHaptic("error");
        document.querySelector("[data-testid=delivery-picker]")?.scrollIntoView({ block: "center", behavior: "smooth" });
        return;
      }
      if (delivery?.needsAddress && !form.delivery_address?.trim()) {
        setAddressError(DELIVERY_TEXTS.needAddress);
        telegramHaptic("error");
        document.getElementById(`${formId}-delivery_address`)?.focus();
        return;
      }
    }
    // one key per checkout attempt: a retry of the same order reuses it, an edited order gets a new one
    const fingerprint = JSON.stringify([form, items.map((item) => [lineKey(item), item.quantity]), delivery?.choice ?? null, orderPromoCode]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };

    submittingRef.current = true;
    setSubmitting(true);
    setFailure(null);
    try {
      const currentConfig = config.data ?? (await prefetch(CONFIG_KEY, loadConfig).catch(() => null));
      const outcome = await submitCheckout({
        form,
        items,
        config: currentConfig,
        telegramUser: telegramUser(),
        userAgent: navigator.userAgent,
        idempotencyKey: attempt.current.key,
        delivery: picksDelivery ? (delivery?.choice ?? null) : null,
        promoCode: orderPromoCode,
      });
      if (outcome.kind === "created") {
        attempt.current = null;
        telegramHaptic("success");
        invalidate("my-order");
        saveOrderSummary(outcome.orderNumber, outcome.summary);
        await navigate(`/order-success/${encodeURIComponent(outcome.orderNumber)}`, { replace: true });
        useCart.getState().clear();
        return;
      }
      // the shopper confirms the order in the bot; the cart stays until then
      leaveTo(outcome.url);
      setTimeout(() => {
        submittingRef.current = false;
        setSubmitting(false);
      }, 4000);
    } catch (error) {
      const message = error instanceof Error ? error.message : ORDER_ERROR_MESSAGES.createFailedServer;
      if (error instanceof CheckoutError && error.outOfStock.length > 0) {
        // the lines named by the server show what is left; the cart stays as it is for the shopper to change
        useCart.getState().markShort(error.outOfStock);
        requestAnimationFrame(() => document.querySelector("[data-stock-problem]")?.scrollIntoView({ block: "center", behavior: "smooth" }));
        setFailure(message);
        telegramHaptic("error");
        submittingRef.current = false;
        setSubmitting(false);
        return;
      }
      if (error instanceof CheckoutError && error.code === "delivery_changed") {
        // the price is quoted again and shown; the shopper looks at it and orders again
        setDeliveryRefresh((n) => n + 1);
        setFailure(message);
        telegramHaptic("error");
        submittingRef.current = false;
        setSubmitting(false);
        return;
      }
      if (error instanceof CheckoutError) {
        const fieldErrors: CheckoutErrors = {};
        if (error.fieldErrors.customer_name) fieldErrors.customer_name = error.fieldErrors.customer_name;
        if (error.fieldErrors.customer_phone) fieldErrors.customer_phone = error.fieldErrors.customer_phone;
        setErrors(fieldErrors);
      }
      const text = ORDER_ERROR_MESSAGES.alert(message);
      setFailure(text);
      telegramHaptic("error");
      window.alert(text);
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  const field = (name: keyof CheckoutFields) => `${formId}-${name}`;
  const errorProps = (name: "customer_name" | "customer_phone") => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${field(name)}-error` : undefined,
  });

  return (
    <div className={`container ${styles.page} ${mainButton ? styles.withMainButton : ""}`}>
      <h1 className="page-title">Оформление заказа</h1>
      <div className={styles.layout}>
        <div className={styles.mainColumn}>
          <section className={styles.card} aria-labelledby="checkout-items">
            <h2 id="checkout-items" className={styles.cardTitle}>
              Состав заказа
            </h2>
            <ul className={styles.lines}>
              {items.map((item) => (
                <CartLine key={lineKey(item)} item={item} variant="checkout" />
              ))}
            </ul>
          </section>

          {picksDelivery ? <DeliveryPicker items={items} onChange={setDelivery} refresh={deliveryRefresh} disabled={!hydrated} /> : null}

          <form id={formId} ref={formRef} className={`${styles.card} ${styles.form}`} onSubmit={onSubmit} noValidate aria-labelledby="checkout-contacts">
            <h2 id="checkout-contacts" className={styles.cardTitle}>
              Контактные данные
            </h2>
            <fieldset className={styles.fields} disabled={!hydrated}>
              <div className="field">
                <label htmlFor={field("customer_name")}>Имя *</label>
                <input
                  id={field("customer_name")}
                  className="input"
                  autoComplete="name"
                  maxLength={CHECKOUT_MAX_LENGTH.customer_name}
                  value={form.customer_name}
                  onChange={(event) => edit("customer_name", event.target.value)}
                  {...errorProps("customer_name")}
                />
                {errors.customer_name ? (
                  <p id={`${field("customer_name")}-error`} className="field-error" role="alert">
                    {errors.customer_name}
                  </p>
                ) : null}
              </div>
              <div className="field">
                <label htmlFor={field("customer_phone")}>Телефон *</label>
                <PhoneInput
                  id={field("customer_phone")}
                  className="input"
                  value={form.customer_phone}
                  onValueChange={(value) => edit("customer_phone", value)}
                  {...errorProps("customer_phone")}
                />
                {errors.customer_phone ? (
                  <p id={`${field("customer_phone")}-error`} className="field-error" role="alert">
                    {errors.customer_phone}
                  </p>
                ) : null}
                <SharePhoneButton onPhone={(phone) => edit("customer_phone", phone)} />
              </div>
              <div className={`field ${styles.wide}`}>
                <label htmlFor={field("delivery_address")}>Адрес доставки{picksDelivery && delivery?.needsAddress ? " *" : ""}</label>
                <input
                  id={field("delivery_address")}
                  className="input"
                  autoComplete="street-address"
                  placeholder="Город, улица, дом, квартира"
                  maxLength={CHECKOUT_MAX_LENGTH.delivery_address}
                  value={form.delivery_address ?? ""}
                  onChange={(event) => edit("delivery_address", event.target.value)}
                  aria-invalid={addressError ? true : undefined}
                />
                {addressError ? (
                  <p className="field-error" role="alert">
                    {addressError}
                  </p>
                ) : null}
              </div>
              <div className={`field ${styles.wide}`}>
                <label htmlFor={field("comment")}>Комментарий к заказу</label>
                <textarea
                  id={field("comment")}
                  className="input"
                  rows={3}
                  placeholder="Удобное время звонка, пожелания к упаковке…"
                  maxLength={CHECKOUT_MAX_LENGTH.comment}
                  value={form.comment ?? ""}
                  onChange={(event) => edit("comment", event.target.value)}
                />
              </div>
            </fieldset>
          </form>
        </div>

        <aside className={`${styles.card} ${styles.summary}`} aria-labelledby="checkout-totals">
          <h2 id="checkout-totals" className={styles.cardTitle}>
            Итоги заказа
          </h2>
          <TotalsList
            totals={totals}
            subtotalLabel={`Товары (${count} шт.)`}
            alwaysShowDiscount
            testIdPrefix="checkout"
            className={styles.totals}
            deliveryExact={quoted !== null}
          />
          <PromoCodeField code={promoCode} check={promoCheck} onApply={setPromoCode} onRemove={() => setPromoCode(null)} />
          {picksDelivery && delivery?.text ? (
            <p className={styles.note} data-testid="checkout-delivery-text">
              {delivery.text}
            </p>
          ) : (
            <p className={styles.note}>* Точная стоимость доставки будет уточнена менеджером</p>
          )}
          {failure ? (
            <p className={styles.failure} role="alert">
              {failure}
            </p>
          ) : null}
          {stockBlocked && !failure ? (
            <p className={styles.failure} role="alert" data-testid="stock-blocked">
              {CHANGE_MARKED_LINES_TEXT}
            </p>
          ) : null}
          {mainButton ? null : (
            <button type="submit" form={formId} className={`btn btn-primary btn-lg btn-block ${styles.desktopSubmit}`} disabled={submitting || !hydrated}>
              {submitting ? "Отправка..." : "Оформить заказ"}
            </button>
          )}
          <p className={styles.consent} data-testid="checkout-consent">
            Нажимая «Оформить заказ», вы соглашаетесь на обработку персональных данных в соответствии с{" "}
            <Link to="/privacy">политикой конфиденциальности</Link>.
          </p>
          {viaBot ? <p className={`${styles.botHint} replaced-in-telegram`}>Подтвердить заказ нужно будет в нашем Telegram-боте — мы откроем его сами.</p> : null}
        </aside>
      </div>

      {mainButton ? null : (
        <div className={`${styles.stickyFooter} replaced-in-telegram`}>
          <p className={styles.footerTotal}>
            <span>Итого</span>
            <strong data-testid="checkout-footer-total">{formatPrice(totals.total)}</strong>
          </p>
          <Link to="/cart" className="btn btn-secondary">
            ← В корзину
          </Link>
          <button type="submit" form={formId} className="btn btn-primary" disabled={submitting || !hydrated} data-testid="mobile-submit">
            {submitting ? "Оформление..." : "Оформить заказ"}
          </button>
        </div>
      )}
    </div>
  );
}

