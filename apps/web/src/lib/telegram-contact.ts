import { formatPhoneInput } from "@shop/shared/phone";
import { loadTelegramSdk } from "./telegram";

/**
 * The phone number a Telegram contact carries ('79161234567', sometimes with '+'), in the checkout's mask, or null
 * when it is not a Russian number the shop can take (docs/product.md#phone-numbers).
 */
export function phoneFromContact(phoneNumber: string): string | null {
  const digits = phoneNumber.replace(/\D/g, "");
  if (digits.length !== 11 || !/^[78]/.test(digits)) return null;
  return formatPhoneInput(digits);
}

/** Whether this Telegram client can share the user's contact with the app. */
export async function canRequestTelegramPhone(): Promise<boolean> {
  const sdk = await loadTelegramSdk();
  return !!sdk && sdk.requestContact.isAvailable();
}

/**
 * Asks Telegram for the user's contact (Telegram shows its own confirmation) and returns the masked phone; null
 * when the user refuses, the number is not Russian, or the client cannot do it.
 */
export async function requestTelegramPhone(): Promise<string | null> {
  const sdk = await loadTelegramSdk();
  if (!sdk?.requestContact.isAvailable()) return null;
  try {
    const { contact } = await sdk.requestContact();
    return phoneFromContact(contact.phone_number);
  } catch (error) {
    console.info("telegram: no contact shared", error);
    return null;
  }
}
