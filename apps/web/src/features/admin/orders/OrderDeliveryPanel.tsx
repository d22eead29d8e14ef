import { useState, type FormEvent } from "react";
import type { OrderDeliveryWire } from "@shop/shared/schemas/delivery";
import { formatDays } from "@shop/shared/delivery";
import { registerShipment, saveTrackNumber } from "../api/delivery";
import { ApiError } from "../api/client";
import { useToast } from "../components/Toast";
import buttons from "../components/buttons.module.css";
import styles from "./OrdersTab.module.css";

const errorText = (error: unknown) => (error instanceof ApiError ? (error.serverMessage ?? error.message) : "Не удалось сохранить");

/**
 * How the order travels, in the admin's order view (docs/delivery.md#after-the-order): method, point or address,
 * weight and dates; the СДЭК shipment and the track number, which the customer is told once.
 */
export function OrderDeliveryPanel({ orderId, delivery: initial }: { orderId: number; delivery: OrderDeliveryWire | null }) {
  const showToast = useToast();
  const [delivery, setDelivery] = useState(initial);
  const [track, setTrack] = useState(initial?.track_number ?? "");
  const [busy, setBusy] = useState(false);
  const isCdek = delivery?.method === "cdek_point" || delivery?.method === "cdek_door";

  const run = async (work: () => Promise<{ delivery: OrderDeliveryWire }>, done: string) => {
    setBusy(true);
    try {
      const answer = await work();
      setDelivery(answer.delivery);
      setTrack(answer.delivery.track_number ?? "");
      showToast(done, "success");
    } catch (error) {
      showToast(errorText(error), "error");
    } finally {
      setBusy(false);
    }
  };
  const onTrack = (event: FormEvent) => {
    event.preventDefault();
    void run(() => saveTrackNumber(orderId, track), "Трек-номер сохранён, покупатель получит сообщение");
  };
  const days = delivery ? formatDays(delivery.days_min, delivery.days_max) : null;

  return (
    <div className={styles.delivery} data-testid="order-delivery">
      {delivery?.method ? (
        <dl className={styles.info}>
          <dt>Способ доставки</dt>
          <dd>
            {delivery.method_label}
            {delivery.city ? `, ${delivery.city}` : ""}
          </dd>
          {delivery.point_code || delivery.point_address ? (
            <>
              <dt>{delivery.method === "pickup" ? "Самовывоз" : "Пункт выдачи"}</dt>
              <dd>{[delivery.point_code, delivery.point_address].filter(Boolean).join(", ")}</dd>
            </>
          ) : null}
          <dt>Вес и сроки</dt>
          <dd>
            {delivery.weight_grams} г{days ? ` · ${days}` : ""}
          </dd>
          {!delivery.price_known ? (
            <>
              <dt>Стоимость</dt>
              <dd>{delivery.price_note === "carrier-unavailable" ? "перевозчик не ответил — уточните и выставьте счёт" : "по договорённости"}</dd>
            </>
          ) : null}
          {delivery.carrier_status ? (
            <>
              <dt>Статус в СДЭК</dt>
              <dd>{delivery.carrier_status}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <div className={styles.deliveryActions}>
        {isCdek && !delivery?.carrier_registered ? (
          <button type="button" className={`${buttons.btn} ${buttons.ghost}`} disabled={busy} onClick={() => void run(() => registerShipment(orderId), "Отправление зарегистрировано в СДЭК")}>
            Зарегистрировать в СДЭК
          </button>
        ) : null}
        <form onSubmit={onTrack} className={styles.trackForm}>
          <label>
            Трек-номер{" "}
            <input className="input" value={track} maxLength={64} onChange={(event) => setTrack(event.target.value)} placeholder="например, 1234567890" />
          </label>
          <button type="submit" className={`${buttons.btn} ${buttons.ghost}`} disabled={busy || !track.trim() || track.trim() === delivery?.track_number}>
            Сохранить
          </button>
          {delivery?.tracking_url ? (
            <a href={delivery.tracking_url} target="_blank" rel="noreferrer">
              Отследить
            </a>
          ) : null}
        </form>
      </div>
    </div>
  );
}
