import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { IMAGE_DRAG_ACTIVATION_PX } from "@shop/shared/constants";
import { CloseIcon, PlusIcon, TrashIcon } from "../components/icons";
import { FIELD_KIND_LABELS, FIELD_LABEL_MAX, FIELD_TEXT_MAX, newField, newKey, type EditorField } from "./variants-form";
import buttons from "../components/buttons.module.css";
import fields from "../components/form.module.css";
import text from "../components/text.module.css";
import list from "./EditorList.module.css";
import styles from "./PersonalizationEditor.module.css";

const KINDS = Object.keys(FIELD_KIND_LABELS) as EditorField["kind"][];

function FieldCard({
  field,
  index,
  onChange,
  onRemove,
}: {
  field: EditorField;
  index: number;
  onChange(field: EditorField): void;
  onRemove(): void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: field.key });
  const set = <K extends keyof EditorField>(key: K, value: EditorField[K]) => onChange({ ...field, [key]: value });
  const hasLength = field.kind === "text" || field.kind === "gift_note";
  const hasPrice = field.kind === "text" || field.kind === "gift_wrap";
  const name = field.label.trim() || `поле ${index + 1}`;
  return (
    <div
      ref={setNodeRef}
      className={`${list.card} ${isDragging ? list.dragging : ""}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="personalization-editor-field"
    >
      <div className={styles.head}>
        <span className={styles.title}>
          <button type="button" className={list.handle} {...attributes} {...listeners} aria-label={`Переместить «${name}»`}>
            ⋮⋮
          </button>
          <span className={styles.kind}>{FIELD_KIND_LABELS[field.kind]}</span>
        </span>
        <div className={styles.tools}>
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
 * shopper sees them: the seller drags a card by its handle (or moves it with the keyboard: space, the arrows,
 * space), as the options' values.
 */
export default function PersonalizationEditor({ fields: cards, onChange }: { fields: EditorField[]; onChange(fields: EditorField[]): void }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: IMAGE_DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = cards.findIndex((field) => field.key === active.id);
    const to = cards.findIndex((field) => field.key === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(cards, from, to));
  };
  return (
    <div className={list.editor}>
      {cards.length === 0 ? <p className={`${text.muted} ${list.empty}`}>Покупатель ничего не добавляет к товару.</p> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={cards.map((field) => field.key)} strategy={verticalListSortingStrategy}>
          {cards.map((field, index) => (
            <FieldCard
              key={field.key}
              field={field}
              index={index}
              onChange={(next) => onChange(cards.map((item) => (item.key === field.key ? next : item)))}
              onRemove={() => onChange(cards.filter((item) => item.key !== field.key))}
            />
          ))}
        </SortableContext>
      </DndContext>
      <div className={styles.add} role="group" aria-label="Добавить поле">
        {KINDS.map((kind) => (
          <button key={kind} type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={() => onChange([...cards, newField(kind)])}>
            <PlusIcon size={14} /> {FIELD_KIND_LABELS[kind]}
          </button>
        ))}
      </div>
    </div>
  );
}
