import { PICKING_STATUSES } from "@shop/shared/staff";
import { forbidden } from "../errors";

export const PICKER_STATUSES_ONLY = "Сборщик может перевести заказ только в статусы «В работе» и «Отправлен»";

/** The statuses a packer may set: 'В работе' and 'Отправлен'; anything else is refused (403). */
export function pickingStatus(status: string): string {
  if (!(PICKING_STATUSES as readonly string[]).includes(status)) throw forbidden(PICKER_STATUSES_ONLY);
  return status;
}
