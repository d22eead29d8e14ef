import { useState, type KeyboardEvent } from "react";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, horizontalListSortingStrategy, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { IMAGE_DRAG_ACTIVATION_PX } from "@shop/shared/constants";
import { CloseIcon, PlusIcon, TrashIcon } from "../components/icons";
import { MAX_OPTIONS, OPTION_NAME_MAX, OPTION_VALUE_MAX, newOption, newOptionValue, type EditorOption, type EditorOptionValue } from "./variants-form";
import buttons from "../components/buttons.module.css";
import fields from "../components/form.module.css";
import text from "../components/text.module.css";
import list from "./EditorList.module.css";
import styles from "./OptionsEditor.module.css";

function SortableValue({
  option,
  value,
  index,
  onChange,
  onRemove,
  disabled,
}: {
  option: EditorOption;
  value: EditorOptionValue;
  index: number;
  onChange(value: EditorOptionValue): void;
  onRemove(): void;
  disabled: boolean;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: value.key, disabled });
  const name = option.name.trim() || "опции";
  return (
    <li
      ref={setNodeRef}
      className={`${styles.value} ${isDragging ? list.dragging : ""}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="option-value"
    >
      <span className={list.handle} {...attributes} {...listeners} aria-label={`Переместить значение ${index + 1} ${name}`}>
        ⋮⋮
      </span>
      {option.kind === "color" ? (
        <input
          type="color"
          className={styles.swatch}
          value={value.swatch}
          aria-label={`Цвет значения «${value.value || index + 1}»`}
          onChange={(event) => onChange({ ...value, swatch: event.target.value })}
        />
      ) : null}
      <input
        className={`${fields.input} ${fields.inputSm} ${styles.valueInput}`}
        value={value.value}
        maxLength={OPTION_VALUE_MAX}
        aria-label={`Значение ${index + 1} ${name}`}
        onChange={(event) => onChange({ ...value, value: event.target.value })}
      />
      <button type="button" className={styles.removeValue} aria-label={`Удалить значение «${value.value || index + 1}»`} onClick={onRemove}>
        <CloseIcon size={12} />
      </button>
    </li>
  );
}

function OptionCard({
  option,
  index,
  onChange,
  onRemove,
  disabled,
}: {
  option: EditorOption;
  index: number;
  onChange(option: EditorOption): void;
  onRemove(): void;
  disabled: boolean;
}) {
  const [draft, setDraft] = useState("");
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: IMAGE_DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const addDraft = () => {
    // '15, 16, 17' adds three values; one already there is not added again
    const known = new Set(option.values.map((value) => value.value.trim().toLocaleLowerCase("ru-RU")));
    const added = draft
      .split(",")
      .map((part) => part.trim().slice(0, OPTION_VALUE_MAX))
      .filter((part) => {
        const fresh = part !== "" && !known.has(part.toLocaleLowerCase("ru-RU"));
        known.add(part.toLocaleLowerCase("ru-RU"));
        return fresh;
      });
    if (added.length > 0) onChange({ ...option, values: [...option.values, ...added.map((value) => newOptionValue(value))] });
    setDraft("");
  };
  const onDraftKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      addDraft();
    }
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = option.values.findIndex((value) => value.key === active.id);
    const to = option.values.findIndex((value) => value.key === over.id);
    if (from >= 0 && to >= 0) onChange({ ...option, values: arrayMove(option.values, from, to) });
  };
  return (
    <div className={list.card} data-testid="option-editor">
      <div className={styles.optionHead}>
        <label className={fields.field}>
          <span className={fields.label}>Опция {index + 1}</span>
          <input
            className={fields.input}
            value={option.name}
            maxLength={OPTION_NAME_MAX}
            placeholder="Например, Размер"
            onChange={(event) => onChange({ ...option, name: event.target.value })}
          />
        </label>
        <label className={fields.field}>
          <span className={fields.label}>Вид</span>
          <select
            className={fields.input}
            value={option.kind}
            onChange={(event) => onChange({ ...option, kind: event.target.value as EditorOption["kind"] })}
          >
            <option value="text">Текст</option>
            <option value="color">Цвет с образцом</option>
          </select>
        </label>
        <button type="button" className={`${buttons.danger} ${styles.removeOption}`} aria-label={`Удалить опцию ${index + 1}`} onClick={onRemove}>
          <TrashIcon />
        </button>
      </div>
      {option.values.length > 0 ? (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={option.values.map((value) => value.key)} strategy={horizontalListSortingStrategy}>
            <ul className={styles.values} aria-label={`Значения опции ${index + 1}`}>
              {option.values.map((value, valueIndex) => (
                <SortableValue
                  key={value.key}
                  option={option}
                  value={value}
                  index={valueIndex}
                  disabled={disabled}
                  onChange={(next) => onChange({ ...option, values: option.values.map((item) => (item.key === value.key ? next : item)) })}
                  onRemove={() => onChange({ ...option, values: option.values.filter((item) => item.key !== value.key) })}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      ) : null}
      <div className={styles.addValue}>
        <input
          className={`${fields.input} ${fields.inputSm}`}
          value={draft}
          placeholder="Новые значения через запятую: 15, 16, 17"
          aria-label={`Новые значения опции ${index + 1}`}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onDraftKey}
        />
        <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={addDraft} disabled={draft.trim() === ""}>
          Добавить
        </button>
      </div>
    </div>
  );
}

/**
 * The product's options (docs/product.md#product-editor): up to three, each a name, a kind (text, or colour with a swatch
 * per value) and its values in the order the shopper sees them (dragged into place).
 */
export default function OptionsEditor({
  options,
  onChange,
  disabled,
}: {
  options: EditorOption[];
  onChange(options: EditorOption[]): void;
  disabled: boolean;
}) {
  return (
    <div className={list.editor}>
      {options.length === 0 ? (
        <p className={`${text.muted} ${list.empty}`}>Опций нет: товар продаётся в одном варианте. Добавьте, например, «Размер» или «Цвет».</p>
      ) : (
        options.map((option, index) => (
          <OptionCard
            key={option.key}
            option={option}
            index={index}
            disabled={disabled}
            onChange={(next) => onChange(options.map((item) => (item.key === option.key ? next : item)))}
            onRemove={() => onChange(options.filter((item) => item.key !== option.key))}
          />
        ))
      )}
      {options.length < MAX_OPTIONS ? (
        <button type="button" className={`${buttons.ghost} ${buttons.sm} ${styles.addOption}`} onClick={() => onChange([...options, newOption()])}>
          <PlusIcon size={14} /> Добавить опцию
        </button>
      ) : (
        <p className={`${text.muted} ${list.empty}`}>Не больше трёх опций.</p>
      )}
    </div>
  );
}
