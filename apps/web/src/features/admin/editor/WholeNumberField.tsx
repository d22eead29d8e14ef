import form from "../components/form.module.css";

interface WholeNumberFieldProps {
  label: string;
  name: string;
  /** as typed; empty when the seller leaves the field blank */
  value: string;
  onChange: (value: string) => void;
  min: number;
  max?: number;
  placeholder?: string;
  /** a line under the field, read out with it (aria-describedby) */
  hint?: string;
}
/** A field for a whole number
 of pieces, days or millimetres: the phone shows its number keyboard. */
export function WholeNumberField({ label, name, value, onChange, min, max, placeholder, hint }: WholeNumberFieldProps) {
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <label className={form.field}>
      <span className={form.label}>{label}</span>
      <input
        className={form.input}
        name={name}
        type="number"
        inputMode="numeric"
        step="1"
        min={min}
        max={max}
        placeholder={placeholder}
        aria-describedby={hintId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <span id={hintId} className={form.hint}>
          {hint}
        </span>
      ) : null}
    </label>
  );
}
