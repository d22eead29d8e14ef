import { useEffect, useState, type FormEvent } from "react";
import type { DeliverySettingsWire } from "@shop/shared/schemas/delivery";
import { DELIVERY_METHOD_LABELS, DELIVERY_METHODS } from "@shop/shared/delivery";
import { fetchDeliverySettings, saveDeliverySettings } from "../api/delivery";
import { ApiError } from "../api/client";
import { useToast } from "../components/Toast";
import { isAbort, logFailure } from "../utils";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import fields from "../components/form.module.css";
import text from "../components/text.module.css";
import styles from "./DeliverySettingsTab.module.css";

type Methods = DeliverySettingsWire["methods"];
type MethodName = keyof Methods;

const numberOr = (value: string, fallback: number) => (value.trim() === "" || !Number.isFinite(Number(value.replace(",", "."))) ? fallback : Number(value.replace(",", ".")));

/**
 * The seller's delivery methods (docs/delivery.md#the-sellers-methods): each on or off with its markup, rounding,
 * free-delivery threshold and "price by arrangement"; the pickup address, the courier's price and cities, where
 * parcels leave from and the default parcel. Every method off: the shop's fixed 250 ₽, confirmed by the manager.
 */
export default function DeliverySettingsTab() {
  const showToast = useToast();
  const [settings, setSettings] = useState<DeliverySettingsWire | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchDeliverySettings(controller.signal)
      .then(setSettings)
      .catch((error) => {
        if (!isAbort(error)) logFailure("delivery settings failed to load", error);
      });
    return () => controller.abort();
  }, []);

  if (!settings) return <p className={text.muted}>Загрузка настроек доставки...</p>;

  const method = (name: MethodName, change: Partial<Methods[MethodName]>) =>
    setSettings({ ...settings, methods: { ...settings.methods, [name]: { ...settings.methods[name], ...change } } });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      setSettings(await saveDeliverySettings(settings));
      showToast("Настройки доставки сохранены", "success");
    } catch (error) {
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : "Не удалось сохранить";
      setProblem(message);
      showToast(message, "error");
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={`${card.card} ${styles.form}`} onSubmit={onSubmit} data-testid="delivery-settings">
      <h2 className={card.title}>Доставка</h2>
      <p className={text.muted}>Когда все способы выключены, доставка стоит 250 ₽ и её стоимость уточняет менеджер.</p>
      <div className={styles.methods}>
        {DELIVERY_METHODS.map((name) => {
          const m = settings.methods[name];
          return (
            <fieldset key={name} className={styles.method}>
              <legend>
                <label>
                  <input type="checkbox" checked={m.enabled} onChange={(e) => method(name, { enabled: e.target.checked })} /> {DELIVERY_METHOD_LABELS[name]}
                </label>
              </legend>
              <div className={styles.grid}>
                <label className={fields.field}>
                  <span className={fields.label}>Наценка, %</span>
                  <input className={fields.input} inputMode="decimal" value={String(m.markup_percent)} onChange={(e) => method(name, { markup_percent: numberOr(e.target.value, 0) })} />
                </label>
                <label className={fields.field}>
                  <span className={fields.label}>Наценка, ₽</span>
                  <input className={fields.input} inputMode="decimal" value={String(m.markup_roubles)} onChange={(e) => method(name, { markup_roubles: numberOr(e.target.value, 0) })} />
                </label>
                <label className={fields.field}>
                  <span className={fields.label}>Бесплатно от, ₽</span>
                  <input
                    className={fields.input}
                    inputMode="decimal"
                    placeholder="нет"
                    value={m.free_from === null ? "" : String(m.free_from)}
                    onChange={(e) => method(name, { free_from: e.target.value.trim() === "" ? null : numberOr(e.target.value, 0) })}
                  />
                </label>
              </div>
              <label className={styles.check}>
                <input type="checkbox" checked={m.round_up_to_10} onChange={(e) => method(name, { round_up_to_10: e.target.checked })} /> Округлять вверх до 10 ₽
              </label>
              <label className={styles.check}>
                <input type="checkbox" checked={m.by_arrangement} onChange={(e) => method(name, { by_arrangement: e.target.checked })} /> Цена по договорённости
              </label>
            </fieldset>
          );
        })}
      </div>

      <div className={styles.grid}>
        <label className={fields.field}>
          <span className={fields.label}>Адрес самовывоза</span>
          <input className={fields.input} value={settings.pickup.address} onChange={(e) => setSettings({ ...settings, pickup: { ...settings.pickup, address: e.target.value } })} />
        </label>
        <label className={fields.field}>
          <span className={fields.label}>Часы самовывоза</span>
          <input className={fields.input} value={settings.pickup.hours} onChange={(e) => setSettings({ ...settings, pickup: { ...settings.pickup, hours: e.target.value } })} />
        </label>
        <label className={fields.field}>
          <span className={fields.label}>Курьер, ₽</span>
          <input className={fields.input} inputMode="decimal" value={String(settings.courier.price)} onChange={(e) => setSettings({ ...settings, courier: { ...settings.courier, price: numberOr(e.target.value, 0) } })} />
        </label>
        <label className={fields.field}>
          <span className={fields.label}>Города курьера (через запятую)</span>
          <input
            className={fields.input}
            value={settings.courier.cities.join(", ")}
            onChange={(e) => setSettings({ ...settings, courier: { ...settings.courier, cities: e.target.value.split(",").map((city) => city.trimStart()) } })}
          />
        </label>
        <label className={fields.field}>
          <span className={fields.label}>Код города отправки СДЭК</span>
          <input
            className={fields.input}
            inputMode="numeric"
            value={settings.origin.cdek_city_code === null ? "" : String(settings.origin.cdek_city_code)}
            onChange={(e) => setSettings({ ...settings, origin: { ...settings.origin, cdek_city_code: /^\d+$/.test(e.target.value.trim()) ? Number(e.target.value.trim()) : null } })}
          />
        </label>
        <label className={fields.field}>
          <span className={fields.label}>Индекс отделения отправки</span>
          <input className={fields.input} inputMode="numeric" maxLength={6} value={settings.origin.postal_code} onChange={(e) => setSettings({ ...settings, origin: { ...settings.origin, postal_code: e.target.value } })} />
        </label>
        <label className={fields.field}>
          <span className={fields.label}>Вес посылки по умолчанию, г</span>
          <input
            className={fields.input}
            inputMode="numeric"
            value={String(settings.parcel.weight_grams)}
            onChange={(e) => setSettings({ ...settings, parcel: { ...settings.parcel, weight_grams: Math.round(numberOr(e.target.value, settings.parcel.weight_grams)) } })}
          />
        </label>
        <label className={fields.field}>
          <span className={fields.label}>Размер посылки, см (Д×Ш×В)</span>
          <input
            className={fields.input}
            value={`${settings.parcel.length_cm}×${settings.parcel.width_cm}×${settings.parcel.height_cm}`}
            onChange={(e) => {
              const [length, width, height] = e.target.value.split(/[×x*\s]+/i).map((part) => Math.round(Number(part)));
              if ([length, width, height].every((side) => Number.isInteger(side) && side! > 0)) {
                setSettings({ ...settings, parcel: { ...settings.parcel, length_cm: length!, width_cm: width!, height_cm: height! } });
              }
            }}
          />
        </label>
      </div>
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className={`${buttons.btn} ${buttons.primary}`} disabled={saving}>
        {saving ? "Сохранение..." : "Сохранить"}
      </button>
    </form>
  );
}
