import type { PrismaClient } from "../src/generated/client";
import type { Random } from "./random";

/**
 * The demo's reviews (docs/product.md#reviews): buyers of completed demo orders rate some of their lines, mostly
 * well, a few not; most reviews are published, some wait for moderation, one or two are hidden, and the seller
 * answers a few. Drawn from their own generator, so the rest of the demo stays the same.
 */

const TEXTS: Record<number, readonly (string | null)[]> = {
  5: [
    "Вживую ещё красивее, чем на фото. Упаковано очень бережно, спасибо!",
    "Заказываю уже второй раз — качество отличное, видно, что сделано с душой.",
    "Подарила маме, она в восторге. Пришло быстро, всё целое.",
    "Очень аккуратная работа, ни одного изъяна. Буду заказывать ещё.",
    "Тёплая, уютная вещь. Цвет точно как на фотографии.",
    "Прекрасно! Мастер ответил на все вопросы и отправил на следующий день.",
    null,
    null,
  ],
  4: [
    "Красиво и качественно. Оттенок чуть темнее, чем на фото, но так даже лучше.",
    "Хорошая вещь, но доставка заняла больше недели.",
    "Всё понравилось, только размер немного меньше, чем я представляла.",
    "Качество хорошее, упаковка простая — для подарка пришлось докупать коробку.",
    null,
  ],
  3: [
    "Неплохо, но ожидала большего за эту цену.",
    "Сама вещь хорошая, но пришла с небольшой царапиной. Магазин предложил скидку на следующий заказ.",
  ],
  2: ["Цвет сильно отличается от фотографии, пришлось вернуть."],
  1: ["Пришло разбитым, упаковка была слишком тонкой."],
};

const REPLIES: Record<number, readonly string[]> = {
  5: ["Спасибо за тёплые слова! Нам очень приятно.", "Рады, что подарок понравился! Ждём вас снова."],
  4: ["Спасибо за отзыв! Учтём ваше замечание про упаковку.", "Спасибо! Размеры каждого изделия указаны в описании — напишите нам, если нужна помощь с выбором."],
  3: ["Жаль, что так вышло. Мы усилили проверку перед отправкой — спасибо, что рассказали."],
  2: ["Простите за неудобство. Фотографии пересняли при дневном свете, чтобы цвет был точнее."],
  1: ["Очень жаль! Мы вернули деньги и теперь упаковываем хрупкие вещи в двойной картон."],
};

function ratingOf(r: Random): number {
  const roll = r.next();
  return roll < 0.58 ? 5 : roll < 0.84 ? 4 : roll < 0.93 ? 3 : roll < 0.98 ? 2 : 1;
}

const authorOf = (first: string, last: string) => `${first} ${last.charAt(0)}.`;

export async function seedDemoReviews(prisma: PrismaClient, r: Random): Promise<number> {
  const lines = await prisma.$queryRaw<
    { id: number; order_id: number; product_id: number; completed_at: Date; customer_name: string; first_name: string | null; last_name: string | null; telegram_user_id: string | null }[]
  >`
    SELECT i.id, i.order_id, i.product_id, o.completed_at, o.customer_name, o.telegram_first_name AS first_name,
           o.telegram_last_name AS last_name, o.telegram_user_id::text AS telegram_user_id
      FROM order_items i JOIN orders o ON o.id = i.order_id
     WHERE o.status = 'completed' AND i.product_id IS NOT NULL
     ORDER BY o.completed_at, i.id`;
  const rows = [];
  const now = Date.now();
  /** the words each product's reviews already have: two buyers of one product never write the same */
  const usedTexts = new Map<number, Set<string>>();
  for (const line of lines) {
    if (!r.chance(0.4)) continue;
    const rating = ratingOf(r);
    const used = usedTexts.get(line.product_id) ?? new Set<string>();
    usedTexts.set(line.product_id, used);
    const fresh = TEXTS[rating]!.filter((candidate) => candidate === null || !used.has(candidate));
    const text = r.pick(fresh.length > 0 ? fresh : [null]);
    if (text) used.add(text);
    const [first = "Покупатель", last = ""] = line.first_name ? [line.first_name, line.last_name ?? ""] : line.customer_name.split(" ");
    const publishedAt = new Date(Math.min(now - 3_600_000, new Date(line.completed_at).getTime() + r.int(1, 4) * 86_400_000));
    const recent = now - new Date(line.completed_at).getTime() < 10 * 86_400_000;
    const status = recent && r.chance(0.6) ? "pending" : rating <= 2 && r.chance(0.3) ? "hidden" : "published";
    const reply = status === "published" && (rating <= 2 || (rating === 3 && r.chance(0.5)) || r.chance(0.08)) ? r.pick(REPLIES[rating]!) : null;
    rows.push({
      order_item_id: line.id,
      order_id: line.order_id,
      product_id: line.product_id,
      telegram_user_id: line.telegram_user_id,
      author_name: last ? authorOf(first, last) : first,
      rating,
      text,
      status,
      reply,
      created_at: new Date(new Date(line.completed_at).getTime() + 3_600_000).toISOString(),
      published_at: status === "pending" ? null : publishedAt.toISOString(),
      replied_at: reply ? new Date(publishedAt.getTime() + 3_600_000).toISOString() : null,
    });
  }
  if (rows.length === 0) return 0;
  await prisma.$executeRaw`
    INSERT INTO reviews (order_item_id, order_id, product_id, telegram_user_id, author_name, rating, text, status, reply,
                         created_at, updated_at, published_at, replied_at)
    SELECT order_item_id, order_id, product_id, telegram_user_id, author_name, rating, text, status::"ReviewStatus", reply,
           created_at, created_at, published_at, replied_at
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(order_item_id int, order_id int, product_id int,
           telegram_user_id bigint, author_name text, rating int, text text, status text, reply text,
           created_at timestamptz, published_at timestamptz, replied_at timestamptz)`;
  return rows.length;
}
