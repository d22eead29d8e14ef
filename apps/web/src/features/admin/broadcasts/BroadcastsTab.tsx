import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { Category } from "@shop/shared/schemas/catalog";
import type { Broadcast, BroadcastAudience, BroadcastList, BroadcastMessage } from "@shop/shared/schemas/broadcasts";
import { countAudience, fetchBroadcasts, sendBroadcast, sendPreview } from "../api/broadcasts";
import { fetchAdminCategories, fetchAdminProducts, uploadImages } from "../api/catalog";
import { ApiError } from "../api/client";
import { useToast } from "../components/Toast";
import { isAbort, logFailure } from "../utils";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import fields from "../components/form.module.css";
import text from "../components/text.module.css";
import styles from "./BroadcastsTab.module.css";

/** Telegram's limits: a message, a photo's caption. */
const TEXT_LIMIT = 4096;
const CAPTION_LIMIT = 1024;
/** how often the list is read again while a broadcast is being sent */
const REFRESH_MS = 2000;

type AudienceKind = BroadcastAudience["kind"];
type ButtonKind = BroadcastMessage["button"]["kind"];

const AUDIENCE_LABELS: Record<AudienceKind, string> = {
  all: "Все, кто разрешил сообщения",
  category: "Покупали в категории",
  cart: "Есть товары в корзине",
  ordered: "Заказывали в период",
};

const dateTime = (iso: string) => new Date(iso).toLocaleString("ru-RU", { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" });
const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
const problemOf = (error: unknown, fallback: string) => (error instanceof ApiError ? (error.serverMessage ?? error.message) : fallback);

function audienceText(audience: BroadcastAudience, categories: readonly Category[]): string {
  switch (audience.kind) {
    case "category":
      return `${AUDIENCE_LABELS.category} «${categories.find((c) => c.id === audience.category_id)?.name ?? audience.category_id}»`;
    case "ordered":
      return `${AUDIENCE_LABELS.ordered} ${audience.from.split("-").reverse().join(".")}–${audience.to.split("-").reverse().join(".")}`;
    default:
      return AUDIENCE_LABELS[audience.kind];
  }
}

/** One sent broadcast with its report (docs/product.md#broadcasts). */
function BroadcastRow({ broadcast, categories }: { broadcast: Broadcast; categories: readonly Category[] }) {
  const { report } = broadcast;
  const done = report.recipients - report.pending;
  return (
    <li className={styles.item} data-testid="broadcast">
      <div className={styles.itemHead}>
        <span className={styles.when}>{dateTime(broadcast.created_at)}</span>
        <span className={broadcast.status === "finished" ? styles.finished : styles.sending}>
          {broadcast.status === "finished" ? "Завершена" : `Отправляется: ${done} из ${report.recipients}`}
        </span>
      </div>
      <p className={styles.itemText}>{broadcast.text}</p>
      <p className={text.muted}>
        {audienceText(broadcast.audience, categories)} · {broadcast.photo ? "с фото · " : ""}
        {broadcast.button.kind === "catalog" ? "кнопка «Каталог»" : broadcast.button.kind === "product" ? "кнопка «Товар»" : "без кнопки"}
      </p>
      {broadcast.status === "sending" && (
        <progress className={styles.progress} max={report.recipients} value={done} aria-label="Отправлено" />
      )}
      <dl className={styles.report} data-testid="broadcast-report">
        <div>
          <dt>Получателей</dt>
          <dd>{report.recipients}</dd>
        </div>
        <div>
          <dt>Доставлено</dt>
          <dd>{report.sent}</dd>
        </div>
        <div>
          <dt>Заблокировали бота</dt>
          <dd>{report.blocked}</dd>
        </div>
        <div>
          <dt>Ошибки</dt>
          <dd>{report.failed}</dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * «Рассылки» (docs/product.md#broadcasts): the owner writes a message — text, a photo, a button to the catalogue or a
 * product — sends it to their own chat first, then to everyone who allowed the bot's messages or to a segment, and
 * sees each broadcast's report fill in.
 */
export default function BroadcastsTab() {
  const showToast = useToast();
  const [list, setList] = useState<BroadcastList | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [messageText, setMessageText] = useState("");
  const [photo, setPhoto] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [buttonKind, setButtonKind] = useState<ButtonKind>("none");
  const [productQuery, setProductQuery] = useState("");
  const [products, setProducts] = useState<{ id: number; name: string }[]>([]);
  const [productId, setProductId] = useState<number | null>(null);
  const [audienceKind, setAudienceKind] = useState<AudienceKind>("all");
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [from, setFrom] = useState(monthAgo);
  const [to, setTo] = useState(today);
  const [recipients, setRecipients] = useState<number | null>(null);
  const [chatId, setChatId] = useState("");
  const [busy, setBusy] = useState<"preview" | "send" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const next = await fetchBroadcasts(signal);
      setList(next);
      setChatId((current) => current || next.preview_chat_id || "");
    } catch (error) {
      if (!isAbort(error)) logFailure("broadcasts failed to load", error);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    fetchAdminCategories(controller.signal)
      .then(setCategories)
      .catch((error) => {
        if (!isAbort(error)) logFailure("categories failed to load", error);
      });
    return () => controller.abort();
  }, [load]);

  // the report fills in while a broadcast is being sent
  const sending = list?.broadcasts.some((broadcast) => broadcast.status === "sending") ?? false;
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [sending, load]);

  const audience: BroadcastAudience | null =
    audienceKind === "category"
      ? categoryId === null
        ? null
        : { kind: "category", category_id: categoryId }
      : audienceKind === "ordered"
        ? { kind: "ordered", from, to }
        : { kind: audienceKind };
  const audienceKey = JSON.stringify(audience);

  useEffect(() => {
    if (!audience) return setRecipients(null);
    const controller = new AbortController();
    countAudience(audience, controller.signal)
      .then((answer) => setRecipients(answer.recipients))
      .catch((error) => {
        if (!isAbort(error)) setRecipients(null);
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- audienceKey stands for the audience
  }, [audienceKey]);

  useEffect(() => {
    if (buttonKind !== "product") return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchAdminProducts({ page: 1, limit: 20, q: productQuery.trim() || undefined }, controller.signal)
        .then((answer) => setProducts(answer.products.map((product) => ({ id: product.id, name: product.name }))))
        .catch((error) => {
          if (!isAbort(error)) logFailure("products failed to load", error);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [buttonKind, productQuery]);

  const limit = photo ? CAPTION_LIMIT : TEXT_LIMIT;
  const message: BroadcastMessage | null =
    messageText.trim() === "" || messageText.length > limit || (buttonKind === "product" && productId === null)
      ? null
      : {
          text: messageText,
          photo,
          button: buttonKind === "product" ? { kind: "product", product_id: productId! } : { kind: buttonKind },
        };
  const canSend = list?.can_send ?? false;

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setUploading(true);
    try {
      const [path] = await uploadImages([file]);
      setPhoto(path ?? null);
    } catch (error) {
      showToast(problemOf(error, "Не удалось загрузить фото"), "error");
    } finally {
      setUploading(false);
    }
  };

  const onPreview = async () => {
    if (!message) return;
    setBusy("preview");
    setProblem(null);
    try {
      await sendPreview(message, chatId.trim());
      showToast("Пробное сообщение отправлено вам в Telegram", "success");
    } catch (error) {
      const text = problemOf(error, "Не удалось отправить пробное сообщение");
      setProblem(text);
      showToast(text, "error");
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message || !audience) return;
    if (!window.confirm(`Отправить рассылку${recipients !== null ? ` ${recipients} получателям` : ""}? Отменить её будет нельзя.`)) return;
    setBusy("send");
    setProblem(null);
    try {
      const created = await sendBroadcast(message, audience);
      setList((current) => (current ? { ...current, broadcasts: [created, ...current.broadcasts] } : current));
      setMessageText("");
      setPhoto(null);
      setButtonKind("none");
      setProductId(null);
      showToast("Рассылка началась", "success");
    } catch (error) {
      const text = problemOf(error, "Не удалось начать рассылку");
      setProblem(text);
      showToast(text, "error");
    } finally {
      setBusy(null);
    }
  };

  if (!list) return <p className={text.muted}>Загрузка рассылок...</p>;

  return (
    <div className={styles.layout}>
      <form className={`${card.card} ${styles.form}`} onSubmit={onSubmit} data-testid="broadcast-form">
        <h2 className={card.title}>Новая рассылка</h2>
        {!canSend && <p className={text.errorLine}>Рассылки работают через бота: задайте TELEGRAM_BOT_TOKEN.</p>}
        <div className={fields.field}>
          <label className={fields.label} htmlFor="broadcast-text">
            Текст сообщения
          </label>
          <textarea
            id="broadcast-text"
            className={`${fields.input} ${styles.textarea}`}
            value={messageText}
            onChange={(event) => setMessageText(event.target.value)}
            placeholder="Например: новая коллекция ваз уже в магазине"
            rows={6}
          />
          <span className={messageText.length > limit ? text.errorLine : fields.hint}>
            {messageText.length} / {limit}
            {photo ? " — с фото Telegram позволяет не больше 1024 символов" : ""}
          </span>
        </div>

        <div className={styles.photoRow}>
          {photo ? (
            <>
              <img className={styles.photo} src={photo} alt="Фото рассылки" />
              <button type="button" className={`${buttons.btn} ${buttons.ghost} ${buttons.sm}`} onClick={() => setPhoto(null)}>
                Убрать фото
              </button>
            </>
          ) : (
            <button type="button" className={`${buttons.btn} ${buttons.ghost} ${buttons.sm}`} disabled={uploading} onClick={() => fileInput.current?.click()}>
              {uploading ? "Загрузка..." : "Добавить фото"}
            </button>
          )}
          <input ref={fileInput} type="file" accept="image/jpeg,image/png,image/webp" hidden onChange={onPhoto} data-testid="broadcast-photo" />
        </div>

        <div className={styles.grid}>
          <label className={fields.field}>
            <span className={fields.label}>Кнопка под сообщением</span>
            <select className={fields.input} value={buttonKind} onChange={(event) => setButtonKind(event.target.value as ButtonKind)}>
              <option value="none">Без кнопки</option>
              <option value="catalog">Открыть каталог</option>
              <option value="product">Открыть товар</option>
            </select>
          </label>
          {buttonKind === "product" && (
            <label className={fields.field}>
              <span className={fields.label}>Товар</span>
              <input className={fields.input} value={productQuery} onChange={(event) => setProductQuery(event.target.value)} placeholder="Название или артикул" />
              <select
                className={fields.input}
                value={productId ?? ""}
                onChange={(event) => setProductId(event.target.value ? Number(event.target.value) : null)}
                aria-label="Выберите товар"
              >
                <option value="">— выберите товар —</option>
                {products.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>

        <div className={styles.grid}>
          <label className={fields.field}>
            <span className={fields.label}>Кому</span>
            <select className={fields.input} value={audienceKind} onChange={(event) => setAudienceKind(event.target.value as AudienceKind)}>
              {(Object.keys(AUDIENCE_LABELS) as AudienceKind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {AUDIENCE_LABELS[kind]}
                </option>
              ))}
            </select>
          </label>
          {audienceKind === "category" && (
            <label className={fields.field}>
              <span className={fields.label}>Категория</span>
              <select className={fields.input} value={categoryId ?? ""} onChange={(event) => setCategoryId(event.target.value ? Number(event.target.value) : null)}>
                <option value="">— выберите категорию —</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {audienceKind === "ordered" && (
            <div className={styles.period}>
              <label className={fields.field}>
                <span className={fields.label}>С</span>
                <input className={fields.input} type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
              </label>
              <label className={fields.field}>
                <span className={fields.label}>По</span>
                <input className={fields.input} type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
              </label>
            </div>
          )}
        </div>
        <p className={styles.recipients} data-testid="broadcast-recipients">
          <strong>{recipients === null ? "Выберите получателей" : `Получат: ${recipients}`}</strong>
          <span className={text.muted}> — только покупатели, которые разрешили сообщения от бота и не заблокировали его</span>
        </p>

        <div className={styles.actions}>
          <label className={`${fields.field} ${styles.chat}`}>
            <span className={fields.label}>Ваш чат в Telegram для проверки</span>
            <input className={fields.input} inputMode="numeric" value={chatId} onChange={(event) => setChatId(event.target.value)} placeholder="ID чата" />
          </label>
          <button
            type="button"
            className={`${buttons.btn} ${buttons.ghost}`}
            disabled={!canSend || !message || !/^-?\d{1,20}$/.test(chatId.trim()) || busy !== null}
            onClick={onPreview}
          >
            {busy === "preview" ? "Отправка..." : "Отправить себе"}
          </button>
          <button type="submit" className={`${buttons.btn} ${buttons.primary}`} disabled={!canSend || !message || !audience || recipients === 0 || busy !== null}>
            {busy === "send" ? "Запуск..." : "Разослать"}
          </button>
        </div>
        {problem && <p className={text.errorLine}>{problem}</p>}
      </form>

      <section className={card.card}>
        <h2 className={card.title}>Отправленные</h2>
        {list.broadcasts.length === 0 ? (
          <p className={text.empty}>Рассылок ещё не было.</p>
        ) : (
          <ul className={styles.list}>
            {list.broadcasts.map((broadcast) => (
              <BroadcastRow key={broadcast.id} broadcast={broadcast} categories={categories} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
