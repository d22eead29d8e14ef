import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { HistoryList } from "../back-office/HistoryList";
import { Link, useBlocker, useNavigate, useParams } from "react-router-dom";
import type { Category, Product } from "@shop/shared/schemas/catalog";
import { MADE_TO_ORDER_DAYS_MAX, STOCK_MAX } from "@shop/shared/stock";
import { createProduct, fetchAdminCategories, fetchProduct, updateProduct } from "../api/catalog";
import { ApiError } from "../api/client";
import { CloseIcon, PlusIcon } from "../components/icons";
import { endSession } from "../session";
import { isAbort, logFailure } from "../utils";
import ImageManager from "./ImageManager";
import OptionsEditor from "./OptionsEditor";
import PersonalizationEditor from "./PersonalizationEditor";
import Preview from "./Preview";
import VariantsTable from "./VariantsTable";
import {
  EMPTY_FORM,
  buildCreatePayload,
  buildUpdatePayload,
  editorSnapshot,
  formFromProduct,
  type EditorImage,
  type ProductForm,
  type SavedImage,
} from "./payload";
import { uploadInBatches } from "./upload";
import {
  choicePayload,
  fieldsFromProduct,
  withoutOwnStock,
  generateVariants,
  optionsFromProduct,
  previewProduct,
  usableOptions,
  variantsFromProduct,
  type EditorField,
  type EditorOption,
  type EditorVariant,
} from "./variants-form";
import { WholeNumberField } from "./WholeNumberField";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import fields from "../components/form.module.css";
import layout from "../components/layout.module.css";
import pills from "../components/pills.module.css";
import text from "../components/text.module.css";
import styles from "./ProductEditorPage.module.css";

/** The editor's whole-number fields, row by row: the sizes, the parcel weight, then the stock. */
const NUMBER_ROWS = [
  [
    { name: "width", label: "Ширина, мм", min: 0 },
    { name: "height", label: "Высота, мм", min: 0 },
    { name: "depth", label: "Глубина, мм", min: 0 },
  ],
  [{ name: "weightGrams", label: "Вес, г", min: 1, max: 100_000, placeholder: "по умолчанию", hint: "Вес одной штуки в упаковке — для расчёта доставки." }],
  [
    {
      name: "stock",
      label: "Остаток, шт.",
      min: 0,
      max: STOCK_MAX,
      placeholder: "не считается",
      hint: "Пусто — остаток не считается, товар всегда в наличии.",
    },
    {
      name: "madeToOrderDays",
      label: "Под заказ, дней",
      min: 1,
      max: MADE_TO_ORDER_DAYS_MAX,
      placeholder: "не делается",
      hint: "Срок изготовления, когда остаток 0. Пусто — при остатке 0 товара нет в наличии.",
    },
  ],
] as const;

const LEAVE_QUESTION = "Есть несохранённые изменения. Уйти со страницы без сохранения?";

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return (error as Error)?.message || "Неизвестная ошибка";
}

export default function ProductEditorPage() {
  const { id } = useParams();
  const productId = id ? Number(id) : null;
  const isEdit = productId !== null;
  const navigate = useNavigate();

  const [categories, setCategories] = useState<Category[]>([]);
  const [product, setProduct] = useState<Product | null>(null);
  const [form, setForm] = useState<ProductForm>(EMPTY_FORM);
  const [images, setImages] = useState<EditorImage[]>([]);
  const [options, setOptions] = useState<EditorOption[]>([]);
  const [variants, setVariants] = useState<EditorVariant[]>([]);
  const [personalization, setPersonalization] = useState<EditorField[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [initialSnapshot, setInitialSnapshot] = useState<string | null>(null);
  const savedRef = useRef(false);
  const imagesRef = useRef(images);
  imagesRef.current = images;

  useEffect(() => {
    document.title = isEdit ? "Редактировать товар" : "Новый товар";
  }, [isEdit]);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setLoadError(null);
    Promise.all([
      fetchAdminCategories(controller.signal),
      isEdit && productId !== null && Number.isInteger(productId) && productId > 0
        ? fetchProduct(productId, controller.signal)
        : isEdit
          ? Promise.reject(new Error("bad id"))
          : Promise.resolve(null),
    ])
      .then(([list, loaded]) => {
        setCategories(list);
        const nextForm = loaded ? formFromProduct(loaded) : EMPTY_FORM;
        const nextImages: EditorImage[] = loaded
          ? loaded.images.map((image) => ({ key: `id-${image.id}`, id: image.id, url: image.image_url, previewUrl: image.image_url }))
          : [];
        const nextOptions = loaded ? optionsFromProduct(loaded) : [];
        const nextVariants = loaded ? generateVariants(nextOptions, variantsFromProduct(loaded), false) : [];
        const nextFields = loaded ? fieldsFromProduct(loaded) : [];
        setProduct(loaded);
        setForm(nextForm);
        setImages(nextImages);
        setOptions(nextOptions);
        setVariants(nextVariants);
        setPersonalization(nextFields);
        setInitialSnapshot(editorSnapshot(nextForm, nextImages, { options: nextOptions, variants: nextVariants, personalization: nextFields }));
        setLoading(false);
      })
      .catch((error) => {
        if (isAbort(error)) return;
        logFailure("editor failed to load", error);
        setLoadError("Не удалось загрузить данные товара");
        setLoading(false);
      });
    return () => controller.abort();
  }, [isEdit, productId]);

  // local previews hold object URLs until the editor closes
  useEffect(
    () => () => {
      for (const image of imagesRef.current) if (image.file) URL.revokeObjectURL(image.previewUrl);
    },
    [],
  );

  const dirty = initialSnapshot !== null && editorSnapshot(form, images, { options, variants, personalization }) !== initialSnapshot;
  const withVariants = usableOptions(options).length > 0;
  const changeOptions = (next: EditorOption[]) => {
    setOptions(next);
    setVariants((current) => generateVariants(next, current));
  };
  // a photo taken out of the product leaves every variant's choice too
  const changeImages = (next: EditorImage[]) => {
    setImages(next);
    const kept = new Set(next.map((image) => image.key));
    setVariants((current) =>
      current.some((variant) => variant.imageKeys.some((key) => !kept.has(key)))
        ? current.map((variant) => ({ ...variant, imageKeys: variant.imageKeys.filter((key) => kept.has(key)) }))
        : current,
    );
  };

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !savedRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = LEAVE_QUESTION;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const mainCategories = useMemo(() => categories.filter((category) => category.type === "main"), [categories]);
  const tagCategories = useMemo(
    () => categories.filter((category) => category.type === "sub" && category.id !== form.mainCategoryId),
    [categories, form.mainCategoryId],
  );
  const selectedTags = tagCategories.filter((category) => form.tagIds.includes(category.id));
  const availableTags = tagCategories.filter((category) => !form.tagIds.includes(category.id));

  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  function chooseMain(value: string) {
    const mainId = value ? Number(value) : null;
    setForm((current) => ({ ...current, mainCategoryId: mainId, tagIds: current.tagIds.filter((tagId) => tagId !== mainId) }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (form.mainCategoryId == null) {
      window.alert("Пожалуйста, выберите основную категорию.");
      return;
    }
    setSaving(true);

    // upload first; a failed upload stops the save
    let current = images;
    const pending = current.filter((image) => !image.url && image.file);
    if (pending.length > 0) {
      setProgress(0);
      try {
        const urls = await uploadInBatches(
          pending.map((image) => image.file!),
          (fraction) => setProgress(fraction),
        );
        const byKey = new Map(pending.map((image, index) => [image.key, urls[index]!]));
        current = current.map((image) => (byKey.has(image.key) ? { ...image, url: byKey.get(image.key)! } : image));
        setImages(current);
      } catch (error) {
        logFailure("image upload failed", error);
        window.alert("Ошибка загрузки изображений!");
        setProgress(null);
        setSaving(false);
        if (error instanceof ApiError && error.isAuthError) endSession();
        return;
      }
      setProgress(null);
    }

    const saved: SavedImage[] = current.map((image) => ({ id: image.id, url: image.url! }));
    const had = { options: (product?.options?.length ?? 0) > 0, personalization: (product?.personalization?.length ?? 0) > 0 };
    // a variant's photos by id, or by URL where one has no id yet (a new product's, a new upload): one save either way
    const savedIds = new Map(current.flatMap((image) => (image.id !== undefined ? [[image.key, image.id] as const] : [])));
    const savedUrls = new Map(current.map((image) => [image.key, image.url!] as const));
    const choice = choicePayload(options, variants, personalization, savedIds, had, savedUrls);
    try {
      if (isEdit && productId !== null) {
        await updateProduct(productId, withoutOwnStock({ ...buildUpdatePayload(form, saved, product?.stock ?? null), ...choice }, withVariants));
      } else {
        await createProduct(withoutOwnStock({ ...buildCreatePayload(form, saved), ...choice }, withVariants));
      }
      savedRef.current = true;
      window.alert(isEdit ? "Товар успешно обновлен!" : "Товар успешно создан!");
      navigate("/admin/dashboard");
    } catch (error) {
      logFailure("product save failed", error);
      window.alert(`Произошла ошибка при сохранении: ${errorText(error)}`);
      setSaving(false);
      if (error instanceof ApiError && error.isAuthError) endSession();
      // the stock moved while the editor was open (the message says to what): the next save starts from it
      if (error instanceof ApiError && error.status === 409 && productId !== null) {
        fetchProduct(productId)
          .then(setProduct)
          .catch((reason: unknown) => logFailure("editor failed to read the product again", reason));
      }
    }
  }

  const title = isEdit ? "Редактировать товар" : "Новый товар";

  if (loading || loadError) {
    return (
      <div className={layout.page}>
        <header className={layout.topbar}>
          <div className={layout.inner}>
            <h1 className={layout.title}>{title}</h1>
            <Link className={`${buttons.ghost} ${buttons.sm} ${layout.action}`} to="/admin/dashboard">
              Отмена
            </Link>
          </div>
        </header>
        <div className={layout.container}>
          {loadError ? (
            <p className={text.errorLine} role="alert">
              {loadError}
            </p>
          ) : (
            <p className={text.muted}>Загрузка редактора...</p>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className={layout.page}>
      <header className={`${layout.topbar} ${layout.sticky}`}>
        <div className={layout.inner}>
          <h1 className={layout.title}>{title}</h1>
          <div className={layout.right}>
            <button type="button" className={`${buttons.ghost} ${layout.action}`} onClick={() => navigate("/admin/dashboard")} disabled={saving}>
              Отмена
            </button>
            <button type="submit" form="product-form" className={`${buttons.primary} ${layout.action}`} disabled={saving}>
              {saving ? "Сохранение..." : "Сохранить"}
            </button>
          </div>
        </div>
      </header>

      <div className={`${layout.container} ${styles.editor}`}>
        <form id="product-form" className={card.card} onSubmit={onSubmit}>
          <fieldset className={styles.fieldset} disabled={saving}>
            <label className={fields.field}>
              <span className={fields.label}>Название *</span>
              <input className={fields.input} name="name" required maxLength={200} value={form.name} onChange={(e) => set("name", e.target.value)} />
            </label>

            <label className={styles.draftToggle}>
              <input type="checkbox" name="hidden" checked={form.hidden} onChange={(e) => set("hidden", e.target.checked)} />
              <span>
                <strong>Черновик</strong> — скрыт от покупателей, бота и выгрузок, пока вы не снимете отметку
              </span>
            </label>

            {isEdit && product && (
              <label className={fields.field}>
                <span className={fields.label}>Артикул</span>
                <input className={fields.input} name="sku" value={product.sku} readOnly aria-describedby="sku-hint" />
                <span id="sku-hint" className={fields.hint}>
                  Артикул генерируется автоматически и не может быть изменен.
                </span>
              </label>
            )}

            <div className={styles.row}>
              <label className={fields.field}>
                <span className={fields.label}>Цена, ₽ *</span>
                <input
                  className={fields.input}
                  name="price"
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0.01"
                  max="1000000"
                  required
                  value={form.price}
                  onChange={(e) => set("price", e.target.value)}
                />
              </label>
              <label className={fields.field}>
                <span className={fields.label}>Материал</span>
                <input className={fields.input} name="material" maxLength={200} value={form.material} onChange={(e) => set("material", e.target.value)} />
              </label>
            </div>

            <label className={fields.field}>
              <span className={fields.label}>Описание</span>
              <textarea
                className={fields.input}
                name="description"
                rows={5}
                value={form.description}
                onChange={(e) => set("description", e.target.value)}
              />
            </label>

            {NUMBER_ROWS.map((row, index) =>
              // with variants, each variant has its own stock and days (the table below)
              withVariants && row.length !== 3 ? (
                <p key={index} className={`${text.muted} ${styles.variantsNote}`}>
                  Остаток и срок изготовления задаются для каждого варианта в таблице ниже.
                </p>
              ) : (
                <div className={row.length === 3 ? `${styles.row} ${styles.row3}` : styles.row} key={index}>
                  {row.map((field) => (
                    <WholeNumberField key={field.name} {...field} value={form[field.name]} onChange={(value) => set(field.name, value)} />
                  ))}
                </div>
              ),
            )}

            <label className={fields.field}>
              <span className={fields.label}>Основная категория *</span>
              <select className={fields.input} name="mainCategory" value={form.mainCategoryId ?? ""} onChange={(e) => chooseMain(e.target.value)}>
                <option value="">-- Выберите основную категорию --</option>
                {mainCategories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </label>

            <div className={fields.field}>
              <span className={fields.label}>Теги</span>
              <div className={styles.tagBox} data-testid="selected-tags">
                {selectedTags.length === 0 ? (
                  <span className={text.muted}>Теги не выбраны</span>
                ) : (
                  selectedTags.map((tag) => (
                    <button
                      key={tag.id}
                      type="button"
                      className={`${pills.sub} ${styles.selected}`}
                      aria-label={`Убрать тег «${tag.name}»`}
                      onClick={() => set("tagIds", form.tagIds.filter((tagId) => tagId !== tag.id))}
                    >
                      {tag.name} <CloseIcon size={12} />
                    </button>
                  ))
                )}
              </div>
              {availableTags.length > 0 && (
                <div className={styles.tagOptions} data-testid="available-tags">
                  {availableTags.map((tag) => (
                    <button
                      key={tag.id}
                      type="button"
                      className={`${pills.pill} ${styles.option}`}
                      aria-label={`Добавить тег «${tag.name}»`}
                      onClick={() => set("tagIds", [...form.tagIds, tag.id])}
                    >
                      <PlusIcon size={12} /> {tag.name}
                    </button>
                  ))}
                </div>
              )}
            </div>

            <div className={fields.field}>
              <span className={fields.label}>Изображения</span>
              <ImageManager images={images} onChange={changeImages} disabled={saving} />
              {progress !== null && (
                <div className={styles.progress} role="status" aria-live="polite">
                  <progress max={100} value={Math.round(progress * 100)} />
                  <span>Загрузка изображений: {Math.round(progress * 100)}%</span>
                </div>
              )}
            </div>

            <section className={styles.section} aria-labelledby="editor-options">
              <h2 id="editor-options" className={styles.sectionTitle}>
                Опции и варианты
              </h2>
              <OptionsEditor options={options} onChange={changeOptions} disabled={saving} />
              <VariantsTable
                options={options}
                variants={variants}
                onChange={setVariants}
                images={images}
                productSku={product?.sku ?? null}
                basePrice={form.price}
              />
            </section>

            <section className={styles.section} aria-labelledby="editor-personalization">
              <h2 id="editor-personalization" className={styles.sectionTitle}>
                Персонализация
              </h2>
              <PersonalizationEditor fields={personalization} onChange={setPersonalization} />
            </section>
          </fieldset>
          {isEdit && product && <HistoryList of="product" id={product.id} reloadKey={product} title="История товара" />}
        </form>

        <Preview
          form={form}
          images={images}
          sku={product?.sku ?? null}
          product={previewProduct(form, images, options, variants, personalization, product?.sku ?? null)}
        />
      </div>
    </div>
  );
}
