import type { FastifySchemaValidationError } from "fastify/types/schema";

/**
 * The one place where a request that does not match its schema becomes Russian: a field's name in the shop's words
 * and what is wrong with it ('Комментарий: не больше 2000 символов'). docs/api.md#validation-messages
 */

/** Fields by their name in requests (the last name of the path: `cart_items.0.quantity` → quantity). */
const FIELD_LABELS: Record<string, string> = {
  customer_name: "Имя",
  customer_phone: "Телефон",
  delivery_address: "Адрес доставки",
  comment: "Комментарий",
  cart_items: "Корзина",
  cart: "Корзина",
  order: "Данные заказа",
  totals: "Итоги заказа",
  product_id: "Товар",
  product_name: "Название товара",
  product_sku: "Артикул товара",
  product_image: "Изображение товара",
  quantity: "Количество",
  source: "Источник заказа",
  telegram_user_id: "Пользователь Telegram",
  telegram_username: "Имя пользователя Telegram",
  telegram_first_name: "Имя в Telegram",
  telegram_last_name: "Фамилия в Telegram",
  language_code: "Язык",
  "idempotency-key": "Ключ повтора (Idempotency-Key)",
  login: "Логин",
  password: "Пароль",
  name: "Название",
  type: "Тип категории",
  price: "Цена",
  sku: "Артикул",
  image: "Изображение",
  material: "Материал",
  description: "Описание",
  width: "Ширина",
  height: "Высота",
  depth: "Глубина",
  categoryIds: "Категории",
  imageUrls: "Изображения",
  stock: "Остаток",
  stock_seen: "Остаток до правки",
  made_to_order_days: "Дней на изготовление",
  delta: "Изменение остатка",
  soldOut: "Только распроданные",
  inStock: "Только в наличии",
  images: "Изображения",
  image_url: "Адрес изображения",
  id: "Номер",
  page: "Страница",
  limit: "Количество в списке",
  q: "Поисковый запрос",
  mainCategory: "Категория",
  subCategories: "Теги",
  priceFrom: "Цена от",
  priceTo: "Цена до",
  sortOrder: "Сортировка",
  option: "Значения опций",
  options: "Опции товара",
  variants: "Варианты товара",
  variant_id: "Вариант товара",
  option_values: "Значения опций варианта",
  sku_suffix: "Суффикс артикула",
  image_ids: "Фотографии варианта",
  enabled: "Вариант включён",
  personalization: "Персонализация",
  field_id: "Поле персонализации",
  value: "Значение",
  swatch: "Цвет образца",
  kind: "Вид",
  label: "Название поля",
  hint: "Подсказка",
  max_length: "Наибольшая длина",
  required: "Обязательное поле",
  choices: "Варианты выбора",
  byVariant: "По вариантам",
  cartProductIds: "Товары корзины",
  status: "Статус",
  period: "Период",
  start: "Начало периода",
  end: "Конец периода",
  delivery_cost: "Стоимость доставки",
  payment_status: "Статус оплаты",
};

/** Where a message names no field: the body as a whole, or a field this table does not know. */
const PART_LABELS: Record<string, string> = {
  body: "Тело запроса",
  querystring: "Параметры запроса",
  params: "Адрес запроса",
  headers: "Заголовки запроса",
};

/** `cart_items/0/quantity` or `cart_items.0.quantity` → 'Количество'. */
export function fieldLabel(path: string, part = "body"): string {
  const names = path.split(/[./]/).filter((name) => name !== "" && !/^\d+$/.test(name));
  const last = names[names.length - 1];
  return (last && FIELD_LABELS[last]) ?? (last ? `Поле «${last}»` : (PART_LABELS[part] ?? "Запрос"));
}

const TYPE_NAMES: Record<string, string> = {
  string: "текстом",
  number: "числом",
  integer: "целым числом",
  boolean: "да или нет (true/false)",
  array: "списком",
  object: "объектом",
};

const characters = (count: number) => {
  const mod10 = count % 10;
  const mod100 = count % 100;
  if (mod10 === 1 && mod100 !== 11) return `${count} символа`;
  return `${count} символов`;
};

/** What is wrong, for one ajv error (without the field's name). */
function problem(error: FastifySchemaValidationError, expectedTypes: string[]): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return "обязательное поле";
    case "maxLength":
      return `не больше ${characters(Number(params.limit))}`;
    case "minLength":
      return Number(params.limit) === 1 ? "не может быть пустым" : `не меньше ${characters(Number(params.limit))}`;
    case "maximum":
    case "exclusiveMaximum":
      return `не больше ${String(params.limit)}`;
    case "minimum":
    case "exclusiveMinimum":
      return `не меньше ${String(params.limit)}`;
    case "maxItems":
      return `не больше ${String(params.limit)} элементов`;
    case "minItems":
      return `не меньше ${String(params.limit)} элементов`;
    case "pattern":
    case "format":
      return "неверный формат";
    case "const":
    case "enum":
      return "недопустимое значение";
    case "type":
    case "anyOf":
    case "oneOf": {
      const types = [...new Set(expectedTypes)].filter((type) => type !== "null" && TYPE_NAMES[type]);
      return types.length > 0 ? `должно быть ${types.map((type) => TYPE_NAMES[type]).join(" или ")}` : "недопустимое значение";
    }
    default:
      return "некорректное значение";
  }
}

/** A limit says more than "wrong type": of several errors on one field, the most telling one is shown. */
const RANK: Record<string, number> = { required: 0, type: 2, anyOf: 3, oneOf: 3, const: 2, enum: 2 };

/**
 * ajv's errors (English, one per schema branch of a union) as Russian, one per field: `errors` keyed by the
 * field's path (`cart_items.0.quantity`), `message` the sentences joined.
 */
export function validationMessages(
  validation: FastifySchemaValidationError[],
  part: string | undefined,
): { message: string; errors: Record<string, string> } {
  const byField = new Map<string, { error: FastifySchemaValidationError; types: string[] }>();
  for (const error of validation) {
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    const path = [error.instancePath.replace(/^\//, "").replace(/\//g, "."), missing].filter(Boolean).join(".");
    const seen = byField.get(path);
    const types = [...(seen?.types ?? [])];
    if (error.keyword === "type") types.push(...String((error.params as { type?: unknown }).type ?? "").split(","));
    const better = !seen || (RANK[error.keyword] ?? 1) < (RANK[seen.error.keyword] ?? 1);
    byField.set(path, { error: better ? error : seen.error, types });
  }
  const errors: Record<string, string> = {};
  for (const [path, { error, types }] of byField) {
    const key = path || part || "body";
    errors[key] = `${fieldLabel(path, part)}: ${problem(error, types)}`;
  }
  return { message: Object.values(errors).join("; ") || "Некорректный запрос", errors };
}
