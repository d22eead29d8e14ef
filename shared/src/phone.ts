/** Phone mask, normalisation and validation (docs/product.md#phone-numbers): 11 digits, country code 7. */

export const PHONE_MESSAGES = {
  required: "Введите телефон",
  incomplete: "Введите полный номер",
} as const;

/** The ten national digits typed so far: non-digits stripped, a leading 7 or 8 dropped, at most 10 kept. */
export function nationalDigits(input: string): string {
  let digits = input.replace(/\D/g, "");
  if (digits.startsWith("7") || digits.startsWith("8")) digits = digits.slice(1);
  return digits.slice(0, 10);
}

/** Formats what the shopper typed as '+7 (XXX) XXX-XX-XX'; an empty input shows '+7 '. */
export function formatPhoneInput(input: string): string {
  const d = nationalDigits(input);
  if (d.length === 0) return "+7 ";
  let out = "+7 (" + d.slice(0, 3);
  if (d.length >= 3) out += ")";
  if (d.length > 3) out += " " + d.slice(3, 6);
  if (d.length > 6) out += "-" + d.slice(6, 8);
  if (d.length > 8) out += "-" + d.slice(8, 10);
  return out;
}

/** The validation message for a phone, or null when it is a full Russian number. */
export function phoneError(input: string | null | undefined): string | null {
  const digits = (input ?? "").replace(/\D/g, "");
  if (digits.length === 0 || digits === "7") return PHONE_MESSAGES.required;
  if (digits.length !== 11 || !(digits.startsWith("7") || digits.startsWith("8"))) return PHONE_MESSAGES.incomplete;
  return null;
}

/** '+7XXXXXXXXXX' for a valid phone (a leading 8 becomes 7), null otherwise. */
export function normalizePhone(input: string): string | null {
  if (phoneError(input)) return null;
  return "+7" + input.replace(/\D/g, "").slice(1);
}

/** '+7 (XXX) XXX-XX-XX' for display; anything that is not a full number is shown as stored. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 11 ? formatPhoneInput(digits) : phone;
}
