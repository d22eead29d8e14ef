import { useId, type ChangeEvent } from "react";
import { formatPrice } from "@shop/shared/format";
import { charCount } from "@shop/shared/variants";
import {
  fieldsOf,
  maxLengthOf,
  optionsOf,
  valueState,
  type ChoiceProduct,
  type FieldValues,
  type PersonalizationField,
  type ProductOption,
  type Selection,
} from "../lib/variant-choice";
import styles from "./ProductChoice.module.css";

interface Props {
  product: ChoiceProduct;
  selection: Selection;
  onPick(optionIndex: number, valueId: number): void;
  values: FieldValues;
  onValue(fieldId: number, value: string): void;
  /** the option 'Добавить в корзину' asked for ('Выберите размер'), shown under its values */
  askedOptionId?: number | null;
  /** what each personalisation field still needs, field id → message */
  errors?: Readonly<Record<number, string>>;
}

const extraText = (price: number | string) => (Number(price) > 0 ? `+${formatPrice(price)}` : null);

const STATE_NOTE = { available: "", "sold-out": " — нет в наличии", missing: " — нет в таком сочетании" } as const;

function OptionChips({
  product,
  option,
  index,
  selection,
  onPick,
  asked,
}: {
  product: ChoiceProduct;
  option: ProductOption;
  index: number;
  selection: Selection;
  onPick: Props["onPick"];
  asked: boolean;
}) {
  const chosen = option.values.find((value) => value.id === selection[index]);
  const promptId = useId();
  return (
    <fieldset className={styles.option} data-testid="product-option" aria-describedby={asked ? promptId : undefined}>
      <legend className={styles.legend}>
        {option.name}
        {chosen ? <span className={styles.chosen}>: {chosen.value}</span> : null}
      </legend>
      <div className={styles.chips}>
        {option.values.map((value) => {
          const state = valueState(product, selection, index, value.id);
          const pressed = value.id === selection[index];
          return (
            <button
              key={value.id}
              type="button"
              className={`${styles.chip} ${option.kind === "color" ? styles.colorChip : ""}`}
              aria-pressed={pressed}
              aria-label={`${option.name}: ${value.value}${STATE_NOTE[state]}`}
              data-state={state}
              disabled={state === "missing"}
              title={state === "available" ? undefined : state === "sold-out" ? "Нет в наличии" : "Нет в таком сочетании"}
              onClick={() => onPick(index, value.id)}
            >
              {option.kind === "color" && value.swatch ? (
                <span className={styles.swatch} style={{ background: value.swatch }} aria-hidden="true" />
              ) : null}
              <span className={styles.value}>{value.value}</span>
            </button>
          );
        })}
      </div>
      {asked ? (
        <p id={promptId} className={`field-error ${styles.prompt}`} role="alert">
          Выберите {option.name.toLocaleLowerCase("ru-RU")}
        </p>
      ) : null}
    </fieldset>
  );
}

function FieldLabel({ field, htmlFor, id }: { field: PersonalizationField; htmlFor?: string; id?: string }) {
  const extra = field.kind === "text" ? extraText(field.price) : null;
  return (
    <label className={styles.label} htmlFor={htmlFor} id={id}>
      {field.label}
      {field.required ? <span aria-hidden="true"> *</span> : null}
      {extra ? <span className={styles.extra}> {extra}</span> : null}
    </label>
  );
}

function TextField({ field, value, onValue, error }: { field: PersonalizationField; value: string; onValue(value: string): void; error?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const max = maxLengthOf(field);
  const count = charCount(value);
  const described = [field.hint ? hintId : null, max !== null ? counterId : null, error ? errorId : null].filter(Boolean).join(" ");
  const inputProps = {
    value,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described || undefined,
    // characters as a shopper counts them (an emoji is one), so no maxLength, which counts UTF-16 units
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onValue(max === null ? event.target.value : [...event.target.value].slice(0, max).join("")),
  };
  return (
    <div className={styles.field} data-testid="personalization-field">
      <FieldLabel field={field} htmlFor={id} />
      {field.kind === "gift_note" ? (
        <textarea id={id} className={`input ${styles.note}`} rows={3} {...inputProps} />
      ) : (
        <input id={id} className="input" {...inputProps} />
      )}
      <div className={styles.below}>
        {field.hint ? (
          <span id={hintId} className={styles.hint}>
            {field.hint}
          </span>
        ) : (
          <span />
        )}
        {max !== null ? (
          <span
            id={counterId}
            className={`${styles.counter} ${count >= max ? styles.full : ""}`}
            data-testid="personalization-counter"
            aria-label={`Символов: ${count} из ${max}`}
          >
            {count}/{max}
          </span>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ChoiceField({ field, value, onValue, error }: { field: PersonalizationField; value: string; onValue(value: string): void; error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field} data-testid="personalization-field">
      <FieldLabel field={field} htmlFor={id} />
      <select
        id={id}
        className="input"
        value={value}
        required={field.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onValue(event.target.value)}
      >
        <option value="">{field.required ? "Выберите…" : "Не нужно"}</option>
        {field.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.value}
            {Number(choice.price) > 0 ? ` (+${formatPrice(choice.price)})` : ""}
          </option>
        ))}
      </select>
      {field.hint ? <span className={styles.hint}>{field.hint}</span> : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function GiftWrapField({ field, value, onValue }: { field: PersonalizationField; value: string; onValue(value: string): void }) {
  const extra = extraText(field.price);
  return (
    <div className={styles.field} data-testid="personalization-field">
      <label className={styles.check}>
        <input type="checkbox" checked={value === "1"} onChange={(event) => onValue(event.target.checked ? "1" : "")} />
        <span>
          {field.label}
          {extra ? <span className={styles.extra}> {extra}</span> : null}
        </span>
      </label>
      {field.hint ? <span className={styles.hint}>{field.hint}</span> : null}
    </div>
  );
}

/**
 * A product's choice (docs/product.md#choosing-a-variant): each option's values as chips (a colour with its swatch), values
 * that make no offered combination with the others disabled and struck, sold-out ones struck; then the
 * personalisation fields — text with its hint and a live character count, a choice with its extra prices, gift wrap
 * with its price, a gift note. The product page and the admin's preview draw the same thing.
 */
export function ProductChoice({ product, selection, onPick, values, onValue, askedOptionId = null, errors = {} }: Props) {
  const options = optionsOf(product);
  const fields = fieldsOf(product);
  if (options.length === 0 && fields.length === 0) return null;
  return (
    <div className={styles.choice} data-testid="product-choice">
      {options.map((option, index) => (
        <OptionChips
          key={option.id}
          product={product}
          option={option}
          index={index}
          selection={selection}
          onPick={onPick}
          asked={askedOptionId === option.id}
        />
      ))}
      {fields.length > 0 ? (
        <div className={styles.fields} role="group" aria-label="Персонализация">
          {fields.map((field) => {
            const value = values[field.id] ?? "";
            const change = (next: string) => onValue(field.id, next);
            if (field.kind === "choice") return <ChoiceField key={field.id} field={field} value={value} onValue={change} error={errors[field.id]} />;
            if (field.kind === "gift_wrap") return <GiftWrapField key={field.id} field={field} value={value} onValue={change} />;
            return <TextField key={field.id} field={field} value={value} onValue={change} error={errors[field.id]} />;
          })}
        </div>
      ) : null}
    </div>
  );
}
