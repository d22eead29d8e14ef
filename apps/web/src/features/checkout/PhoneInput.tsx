import { useRef, type InputHTMLAttributes, type KeyboardEvent } from "react";
import { formatPhoneInput } from "@shop/shared/phone";

/**
 * What the phone field shows for what was typed or pasted, through the shared mask '+7 (XXX) XXX-XX-XX'. The
 * field always starts with '+7', so digits after it are the national number — unless a whole number was pasted
 * behind it ('+7 89123456789'), whose own 8 or 7 is dropped.
 */
export function maskPhoneInput(raw: string): string {
  if (!raw.startsWith("+7")) return formatPhoneInput(raw);
  let digits = raw.slice(2).replace(/\D/g, "");
  if (digits.length > 10 && /^[78]/.test(digits)) digits = digits.slice(1);
  return formatPhoneInput("7" + digits);
}

/** Position in `formatted` right after its n-th national digit (the country code 7 is not counted). */
function caretAfterDigits(formatted: string, n: number): number {
  if (n <= 0) return Math.min(formatted.length, formatted.startsWith("+7 (") ? 4 : formatted.length);
  let seen = -1; // the country code's 7 comes first
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) {
      seen++;
      if (seen === n) return i + 1;
    }
  }
  return formatted.length;
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type"> & {
  value: string;
  onValueChange(value: string): void;
};

export function PhoneInput({ value, onValueChange, ...rest }: Props) {
  const ref = useRef<HTMLInputElement>(null);

  const update = (next: string, caretDigits: number | null) => {
    onValueChange(next);
    requestAnimationFrame(() => {
      const input = ref.current;
      if (!input || document.activeElement !== input) return;
      const position = caretDigits === null ? next.length : caretAfterDigits(next, caretDigits);
      input.setSelectionRange(position, position);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    if (event.key !== "Backspace" || start !== input.selectionEnd || start === 0) return;
    // deleting a bracket, space or dash would be put straight back by the mask: delete the digit before it instead
    if (/\d/.test(input.value[start - 1] ?? "")) return;
    event.preventDefault();
    let i = start - 1;
    while (i >= 0 && !/\d/.test(input.value[i]!)) i--;
    if (i <= 1) return update("+7 ", 0);
    const digitsBefore = input.value.slice(0, i).replace(/\D/g, "").length - 1;
    update(maskPhoneInput(input.value.slice(0, i) + input.value.slice(i + 1)), digitsBefore);
  };

  return (
    <input
      {...rest}
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+7 (___) ___-__-__"
      value={value}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (!value) onValueChange("+7 ");
        rest.onFocus?.(event);
      }}
      onChange={(event) => {
        const raw = event.target.value;
        const caret = event.target.selectionStart ?? raw.length;
        const atEnd = caret >= raw.length;
        const next = maskPhoneInput(raw);
        if (atEnd) return update(next, null);
        const digitsBefore = Math.max(0, raw.slice(0, caret).replace(/\D/g, "").length - (raw.startsWith("+7") ? 1 : 0));
        update(next, digitsBefore);
      }}
    />
  );
}
