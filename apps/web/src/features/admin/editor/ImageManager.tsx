import { useRef, useState, type ChangeEvent, type DragEvent } from "react";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { IMAGE_DRAG_ACTIVATION_PX, UPLOAD_MAX_FILE_BYTES } from "@shop/shared/constants";
import { CloseIcon, UploadIcon } from "../components/icons";
import type { EditorImage } from "./payload";
import text from "../components/text.module.css";
import styles from "./ImageManager.module.css";

/** The image types the server takes (it checks the content too). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"];

/** The drop area takes image types only; the rest is reported and left out. */
export function splitImageFiles(files: Iterable<File>): { images: File[]; rejected: File[] } {
  const images: File[] = [];
  const rejected: File[] = [];
  for (const file of files) {
    if (ACCEPTED_IMAGE_TYPES.includes(file.type) && file.size <= UPLOAD_MAX_FILE_BYTES) images.push(file);
    else rejected.push(file);
  }
  return { images, rejected };
}

let keySeed = 0;
export function imageFromFile(file: File): EditorImage {
  keySeed += 1;
  return { key: `new-${Date.now()}-${keySeed}`, file, previewUrl: URL.createObjectURL(file) };
}

function SortableImage({ image, index, onRemove, disabled }: { image: EditorImage; index: number; onRemove: () => void; disabled: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: image.key, disabled });
  return (
    <li
      ref={setNodeRef}
      className={`${styles.tile} ${isDragging ? styles.dragging : ""} ${index === 0 ? styles.main : ""}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-image-key={image.key}
      {...attributes}
      {...listeners}
      aria-label={index === 0 ? `Изображение ${index + 1}, главное` : `Изображение ${index + 1}`}
    >
      <img src={image.previewUrl} alt="" draggable={false} />
      {index === 0 && <span className={styles.badge}>Главное</span>}
      {!image.url && <span className={styles.new}>Новое</span>}
      <button
        type="button"
        className={styles.remove}
        aria-label={`Удалить изображение ${index + 1}`}
        disabled={disabled}
        onPointerDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
        onClick={onRemove}
      >
        <CloseIcon size={14} />
      </button>
    </li>
  );
}

interface Props {
  images: EditorImage[];
  onChange: (images: EditorImage[]) => void;
  disabled: boolean;
}

export default function ImageManager({ images, onChange, disabled }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const [rejected, setRejected] = useState<string[]>([]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: IMAGE_DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function addFiles(files: Iterable<File>) {
    const split = splitImageFiles(files);
    setRejected(split.rejected.map((file) => file.name));
    if (split.images.length > 0) onChange([...images, ...split.images.map(imageFromFile)]);
  }

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    if (event.target.files) addFiles(Array.from(event.target.files));
    event.target.value = "";
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragOver(false);
    if (!disabled) addFiles(Array.from(event.dataTransfer.files));
  }

  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = images.findIndex((image) => image.key === active.id);
    const to = images.findIndex((image) => image.key === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(images, from, to));
  }

  function remove(image: EditorImage) {
    if (image.file) URL.revokeObjectURL(image.previewUrl);
    onChange(images.filter((item) => item.key !== image.key));
  }

  return (
    <div className={styles.images}>
      <div
        className={`${styles.dropzone} ${dragOver ? styles.over : ""} ${disabled ? styles.disabled : ""}`}
        role="button"
        tabIndex={0}
        aria-disabled={disabled}
        onClick={() => !disabled && inputRef.current?.click()}
        onKeyDown={(event) => {
          if ((event.key === "Enter" || event.key === " ") && !disabled) {
            event.preventDefault();
            inputRef.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
      >
        <UploadIcon size={28} />
        <span>Перетащите файлы сюда или кликните для выбора</span>
        <span className={`${text.muted} ${styles.small}`}>JPG, PNG, WebP, GIF, AVIF — до 10 МБ</span>
        <input ref={inputRef} type="file" accept={ACCEPTED_IMAGE_TYPES.join(",")} multiple hidden onChange={onInput} data-testid="image-input" />
      </div>
      {rejected.length > 0 && (
        <p className={styles.warning} role="status">
          Пропущены (не изображение JPG, PNG, WebP, GIF, AVIF или больше 10 МБ): {rejected.join(", ")}
        </p>
      )}
      {images.length > 0 && (
        <>
          <p className={`${text.muted} ${styles.small} ${styles.help}`}>Перетаскивайте изображения, чтобы изменить порядок. Первое — главное.</p>
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={images.map((image) => image.key)} strategy={rectSortingStrategy}>
              <ul className={styles.grid} data-testid="image-previews">
                {images.map((image, index) => (
                  <SortableImage key={image.key} image={image} index={index} disabled={disabled} onRemove={() => remove(image)} />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        </>
      )}
    </div>
  );
}
