import { CloseIcon, PlusIcon, TrashIcon } from "../components/icons";
import { FIELD_KIND_LABELS, FIELD_LABEL_MAX, FIELD_TEXT_MAX, newField, newKey, type EditorField } from "./variants-form";
import buttons from "../components/buttons.module.css";
import fields from "../components/form.module.css";
import text from "../components/text.module.css";
import styles from "./PersonalizationEditor.module.css";

const KINDS = Object.keys(FIELD_KIND_LABELS) as EditorField["kind"][];

function FieldCard({
  field,
  index,
  count,
  onChange,
  onRemove,
  onMove,
}: {
  field: EditorField;
  index: number;
  count: number;
  onChange(field: EditorField): void;
  onRemove(): void;
  onMove(by: -1 | 1): void;
}) {
  const set = <K extends keyof EditorField>(key: K, value: EditorField[K]) => onChange({ ...field, [key]: value });
  const hasLength = field.kind === "text" || field.kind === "gift_note";
  const hasPrice = field.kind === "text" || field.kind === "gift_wrap";
  const name = field.label.trim() || `поле ${index + 1}`;
  return (
    <div className={styles.field} data-testid="personalization-editor-field">
      <div className={styles.head}>
        <span className={styles.kind}>{FIELD_KIND_LABELS[field.kind]}</span>
        <div className={styles.tools}>
          <button type="button" className={buttons.icon} aria-label={`Поднять «${name}»`} disabled={index === 0} onClick={() => onMove(-1)}>
            ↑
          </button>
          <button type="button" className={buttons.icon} aria-label={`Опустить «${name}»`} disabled={index === count - 1} onClick={() => onMove(1)}>
            ↓
          </button>
          <button type="button" className={buttons.danger} aria-label={`Удалить «${name}»`} onClick={onRemove}>
            <TrashIcon />
          </button>
        </div>
      </div>
      <div className={styles.grid}>
        <label className={fields.field}>
          <span className={fields.label}>Название для покупателя</span>
          <input className={fields.input} value={field.label} maxLength={FIELD_LABEL_MAX} onChange={(event) => set("label", event.target.value)} />
        </label>
        <label className={fields.field}>
          <span className={fields.label}>Подсказка</span>
          <input
            className={fields.input}
            value={field.hint}
            maxLength={200}
            placeholder={field.kind === "text" ? "Например, имя или дата" : ""}
            onChange={(event) => set("hint", event.target.value)}
          />
        </label>
        {hasLength ? (
          <label className={fields.field}>
            <span className={fields.label}>Не больше символов</span>
            <input
              className={fields.input}
              type="number"
              inputMode="numeric"
              min={1}
              max={FIELD_TEXT_MAX}
              step="1"
              value={field.maxLength}
              placeholder={String(FIELD_TEXT_MAX)}
              onChange={(event) => set("maxLength", event.target.value)}
            />
          </label>
        ) : null}
        {hasPrice ? (
          <label className={fields.field}>
            <span className={fields.label}>Доплата, ₽</span>
            <input
              className={fields.input}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={field.price}
              placeholder="0"
              onChange={(event) => set("price", event.target.value)}
            />
          </label>
        ) : null}
      </div>
      {field.kind === "choice" ? (
        <div className={styles.choices}>
          <span className={fields.label}>Значения и доплата</span>
          <ul className={styles.choiceList}>
            {field.choices.map((choice, choiceIndex) => (
              <li key={choice.key} className={styles.choice}>
                <input
                  className={`${fields.input} ${fields.inputSm}`}
                  value={choice.value}
                  maxLength={FIELD_LABEL_MAX}
                  placeholder="Например, Дуб"
                  aria-label={`Значение ${choiceIndex + 1}`}
                  onChange={(event) =>
                    set("choices", field.choices.map((item) => (item.key === choice.key ? { ...item, value: event.target.value } : item)))
                  }
                />
                <input
                  className={`${fields.input} ${fields.inputSm} ${styles.price}`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  placeholder="+0 ₽"
                  aria-label={`Доплата за значение ${choiceIndex + 1}`}
                  value={choice.price}
                  onChange={(event) =>
                    set("choices", field.choices.map((item) => (item.key === choice.key ? { ...item, price: event.target.value } : item)))
                  }
                />
                <button
                  type="button"
                  className={buttons.danger}
                  aria-label={`Удалить значение ${choiceIndex + 1}`}
                  onClick={() => set("choices", field.choices.filter((item) => item.key !== choice.key))}
                >
                  <CloseIcon size={14} />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={`${buttons.ghost} ${buttons.sm} ${styles.addChoice}`}
            onClick={() => set("choices", [...field.choices, { key: newKey("choice"), value: "", price: "" }])}
          >
            <PlusIcon size={14} /> Значение
          </button>
        </div>
      ) : null}
      {field.kind !== "gift_wrap" ? (
        <label className={styles.required}>
          <input type="checkbox" checked={field.required} onChange={(event) => set("required", event.target.checked)} />
          Обязательное поле
        </label>
      ) : null}
    </div>
  );
}

/**
 * The product's personalisation (docs/product.md#product-editor): free text (an engraving: label, hint, most characters,
 * extra price), a choice from a list (an extra per value), gift wrap (its price) and a gift note, in the order the
 * shopper sees them.
 */
export default function PersonalizationEditor({ fields: list, onChange }: { fields: EditorField[]; onChange(fields: EditorField[]): void }) {
  const move = (index: number, by: -1 | 1) => {
    const next = [...list];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <div className={styles.editor}>
      {list.length === 0 ? <p className={`${text.muted} ${styles.empty}`}>Покупатель ничего не добавляет к товару.</p> : null}
      {list.map((field, index) => (
        <FieldCard
          key={field.key}
          field={field}
          index={index}
          count={list.length}
          onChange={(next) => onChange(list.map((item) => (item.key === field.key ? next : item)))}
          onRemove={() => onChange(list.filter((item) => item.key !== field.key))}
          onMove={(by) => move(index, by)}
        />
      ))}
      <div className={styles.add} role="group" aria-label="Добавить поле">
        {KINDS.map((kind) => (
          <button key={kind} type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={() => onChange([...list, newField(kind)])}>
            <PlusIcon size={14} /> {FIELD_KIND_LABELS[kind]}
          </button>
        ))}
      </div>
    </div>
  );
}
