import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, horizontalListSortingStrategy, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { IMAGE_DRAG_ACTIVATION_PX } from "@shop/shared/constants";
import { CloseIcon, PlusIcon } from "../components/icons";
import type { EditorImage } from "./payload";
import text from "../components/text.module.css";
import styles from "./VariantPhotos.module.css";

function ChosenPhoto({ image, index, onRemove }: { image: EditorImage; index: number; onRemove(): void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: image.key });
  return (
    <li
      ref={setNodeRef}
      className={`${styles.tile} ${isDragging ? styles.dragging : ""}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      {...attributes}
      {...listeners}
      aria-label={`Фото варианта ${index + 1}`}
      data-testid="variant-photo"
    >
      <img src={image.previewUrl} alt="" draggable={false} />
      <span className={styles.number}>{index + 1}</span>
      <button
        type="button"
        className={styles.remove}
        aria-label={`Убрать фото ${index + 1} из варианта`}
        onPointerDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
        onClick={onRemove}
      >
        <CloseIcon size={12} />
      </button>
    </li>
  );
}

/**
 * A variant's photos: which of the product's photos it shows and in what order (dragged), the first its main one.
 * None chosen: the variant shows the product's gallery.
 */
export default function VariantPhotos({
  title,
  images,
  chosen,
  onChange,
}: {
  title: string;
  images: readonly EditorImage[];
  chosen: readonly string[];
  onChange(keys: string[]): void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: IMAGE_DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const byKey = new Map(images.map((image) => [image.key, image]));
  const chosenImages = chosen.map((key) => byKey.get(key)).filter((image): image is EditorImage => image !== undefined);
  const others = images.filter((image) => !chosen.includes(image.key));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const keys = chosenImages.map((image) => image.key);
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onChange(arrayMove(keys, from, to));
  };

  if (images.length === 0) return <p className={`${text.muted} ${styles.note}`}>Сначала добавьте фото товара: вариант выбирает из них.</p>;
  return (
    <div className={styles.photos} role="group" aria-label={`Фото варианта «${title}»`}>
      {chosenImages.length === 0 ? (
        <p className={`${text.muted} ${styles.note}`}>Показываются все фото товара. Выберите фото этого варианта:</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={chosenImages.map((image) => image.key)} strategy={horizontalListSortingStrategy}>
            <ul className={styles.list} aria-label="Фото варианта по порядку">
              {chosenImages.map((image, index) => (
                <ChosenPhoto
                  key={image.key}
                  image={image}
                  index={index}
                  onRemove={() => onChange(chosenImages.filter((item) => item.key !== image.key).map((item) => item.key))}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
      {others.length > 0 ? (
        <ul className={styles.list} aria-label="Остальные фото товара">
          {others.map((image) => (
            <li key={image.key}>
              <button
                type="button"
                className={`${styles.tile} ${styles.add}`}
                aria-label={`Добавить фото ${images.indexOf(image) + 1} товара в вариант`}
                onClick={() => onChange([...chosenImages.map((item) => item.key), image.key])}
              >
                <img src={image.previewUrl} alt="" draggable={false} />
                <span className={styles.plus}>
                  <PlusIcon size={14} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
