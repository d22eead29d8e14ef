import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { Category, CategoryType } from "@shop/shared/schemas/catalog";
import { createCategory, deleteCategory, fetchAdminCategories, updateCategory } from "../api/catalog";
import { ApiError } from "../api/client";
import { CheckIcon, CloseIcon, EditIcon, FolderIcon, PlusIcon, TagIcon, TrashIcon } from "../components/icons";
import { logFailure, plural } from "../utils";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import form from "../components/form.module.css";
import segmented from "../components/segmented.module.css";
import text from "../components/text.module.css";
import styles from "./CategoryManager.module.css";

/**
 * The confirmation before deleting a category (docs/product.md#products-and-categories): the product count is added
 * when there are any.
 */
export function deleteCategoryQuestion(category: Pick<Category, "name" | "product_count">): string {
  const question = `Вы уверены, что хотите удалить категорию "${category.name}"?`;
  const count = category.product_count;
  if (count <= 0) return question;
  return `${question}\n\nВ ней ${count} ${plural(count, "товар", "товара", "товаров")}. Все связи с товарами будут разорваны.`;
}

interface Props {
  /** changes when products were added or removed elsewhere, so the counts are reloaded */
  reloadKey: number;
  onChanged: () => void;
}

const TYPE_TABS: { type: CategoryType; label: string }[] = [
  { type: "main", label: "Основные" },
  { type: "sub", label: "Теги" },
];

export default function CategoryManager({ reloadKey, onChanged }: Props) {
  const [categories, setCategories] = useState<Category[]>([]);
  const [loading, setLoading] = useState(true);
  const [activeType, setActiveType] = useState<CategoryType>("main");
  const [adding, setAdding] = useState(false);
  const [newName, setNewName] = useState("");
  const [editingId, setEditingId] = useState<number | null>(null);
  const [editName, setEditName] = useState("");
  const [editType, setEditType] = useState<CategoryType>("main");
  const [busy, setBusy] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    try {
      const list = await fetchAdminCategories(controller.signal);
      setCategories(list);
    } catch (error) {
      logFailure("categories failed to load", error);
    } finally {
      if (!controller.signal.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load, reloadKey]);
  useEffect(() => () => controllerRef.current?.abort(), []);

  const visible = categories.filter((category) => category.type === activeType);
  const countOf = (type: CategoryType) => categories.filter((category) => category.type === type).length;

  function cancelAdd() {
    setAdding(false);
    setNewName("");
  }

  async function submitAdd() {
    const name = newName.trim();
    if (!name) {
      window.alert("Введите название категории");
      return;
    }
    setBusy(true);
    try {
      await createCategory({ name, type: activeType });
      cancelAdd();
      await load();
      onChanged();
    } catch (error) {
      if (error instanceof ApiError) {
        window.alert(`Не удалось добавить категорию: ${error.serverMessage ?? "Неизвестная ошибка"}`);
      } else {
        logFailure("category add failed", error);
        window.alert("Произошла ошибка при добавлении категории");
      }
    } finally {
      setBusy(false);
    }
  }

  function startEdit(category: Category) {
    cancelAdd();
    setEditingId(category.id);
    setEditName(category.name);
    setEditType(category.type);
  }

  function cancelEdit() {
    setEditingId(null);
    setEditName("");
  }

  async function submitEdit(category: Category) {
    const name = editName.trim();
    if (!name) {
      window.alert("Название не может быть пустым");
      return;
    }
    if (name === category.name && editType === category.type) {
      cancelEdit();
      return;
    }
    setBusy(true);
    try {
      await updateCategory(category.id, { name, type: editType });
      cancelEdit();
      await load();
      onChanged();
    } catch (error) {
      logFailure("category update failed", error);
      window.alert("Не удалось обновить категорию");
    } finally {
      setBusy(false);
    }
  }

  async function remove(category: Category) {
    if (!window.confirm(deleteCategoryQuestion(category))) return;
    setBusy(true);
    try {
      await deleteCategory(category.id);
      if (editingId === category.id) cancelEdit();
      await load();
      onChanged();
    } catch (error) {
      logFailure("category delete failed", error);
      window.alert("Не удалось удалить категорию");
    } finally {
      setBusy(false);
    }
  }

  const onKeys = (confirm: () => void, cancel: () => void) => (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      confirm();
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancel();
    }
  };

  return (
    <section className={card.card} aria-labelledby="adm-categories-title">
      <div className={card.head}>
        <h2 id="adm-categories-title" className={card.title}>
          Категории
        </h2>
        <div className={segmented.segmented} role="tablist" aria-label="Тип категорий">
          {TYPE_TABS.map((tab) => (
            <button
              key={tab.type}
              type="button"
              role="tab"
              aria-selected={activeType === tab.type}
              className={`${segmented.item} ${activeType === tab.type ? segmented.active : ""}`}
              onClick={() => {
                setActiveType(tab.type);
                cancelAdd();
                cancelEdit();
              }}
            >
              {tab.label} ({countOf(tab.type)})
            </button>
          ))}
        </div>
      </div>

      {loading ? (
        <p className={text.muted}>Загрузка категорий...</p>
      ) : (
        <ul className={styles.grid}>
          {visible.map((category) => {
            const Icon = category.type === "main" ? FolderIcon : TagIcon;
            if (editingId === category.id) {
              return (
                <li key={category.id} className={`${styles.category} ${styles.editing}`}>
                  <input
                    className={`${form.input} ${form.inputSm} ${styles.field}`}
                    aria-label="Новое название"
                    value={editName}
                    autoFocus
                    disabled={busy}
                    onChange={(e) => setEditName(e.target.value)}
                    onKeyDown={onKeys(() => void submitEdit(category), cancelEdit)}
                  />
                  <select
                    className={`${form.input} ${form.inputSm} ${styles.field}`}
                    aria-label="Тип"
                    value={editType}
                    disabled={busy}
                    onChange={(e) => setEditType(e.target.value as CategoryType)}
                    onKeyDown={onKeys(() => void submitEdit(category), cancelEdit)}
                  >
                    <option value="main">Основная</option>
                    <option value="sub">Тег</option>
                  </select>
                  <div className={styles.actions}>
                    <button type="button" className={buttons.icon} aria-label="Сохранить" disabled={busy} onClick={() => void submitEdit(category)}>
                      <CheckIcon />
                    </button>
                    <button type="button" className={buttons.icon} aria-label="Отмена" onClick={cancelEdit}>
                      <CloseIcon />
                    </button>
                  </div>
                </li>
              );
            }
            return (
              <li key={category.id} className={styles.category}>
                <span className={`${styles.icon} ${styles[category.type]}`}>
                  <Icon size={18} />
                </span>
                <span className={styles.body}>
                  <span className={styles.name} data-testid="category-name" title={category.name}>
                    {category.name}
                  </span>
                  <span className={styles.count}>{category.product_count} шт.</span>
                </span>
                <span className={styles.actions}>
                  <button type="button" className={buttons.icon} aria-label={`Редактировать «${category.name}»`} disabled={busy} onClick={() => startEdit(category)}>
                    <EditIcon />
                  </button>
                  <button
                    type="button"
                    className={buttons.danger}
                    aria-label={`Удалить «${category.name}»`}
                    disabled={busy}
                    onClick={() => void remove(category)}
                  >
                    <TrashIcon />
                  </button>
                </span>
              </li>
            );
          })}

          {adding ? (
            <li className={`${styles.category} ${styles.editing}`}>
              <input
                className={`${form.input} ${form.inputSm} ${styles.field}`}
                aria-label={activeType === "main" ? "Название категории" : "Название тега"}
                placeholder={activeType === "main" ? "Название категории" : "Название тега"}
                value={newName}
                autoFocus
                disabled={busy}
                onChange={(e) => setNewName(e.target.value)}
                onKeyDown={onKeys(() => void submitAdd(), cancelAdd)}
              />
              <div className={styles.actions}>
                <button type="button" className={buttons.icon} aria-label="Добавить" disabled={busy} onClick={() => void submitAdd()}>
                  <CheckIcon />
                </button>
                <button type="button" className={buttons.icon} aria-label="Отмена" onClick={cancelAdd}>
                  <CloseIcon />
                </button>
              </div>
            </li>
          ) : (
            <li>
              <button
                type="button"
                className={`${styles.category} ${styles.add}`}
                onClick={() => {
                  cancelEdit();
                  setAdding(true);
                }}
              >
                <PlusIcon /> {activeType === "main" ? "Добавить категорию" : "Добавить тег"}
              </button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
