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

/** A field for a whole number of pieces, days or millimetres: the phone shows its number keyboard. */
export function WholeNumberField({ label, name, value, onChange, min, max, placeholder, hint }: WholeNumberFieldProps) {
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <label className="adm-field">
      <span className="adm-field__label">{label}</span>
      <input
        className="adm-input"
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
        <span id={hintId} className="adm-hint">
          {hint}
        </span>
      ) : null}
    </label>
  );
}
