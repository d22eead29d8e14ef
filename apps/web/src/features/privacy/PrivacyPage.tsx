import { Link } from "react-router-dom";
import type { PrivacyPolicyResponse } from "@shop/shared/schemas/pages";
import { api } from "../../lib/api";
import { useQuery } from "../../lib/query";
import { usePageMeta } from "../../lib/seo";
import styles from "./PrivacyPage.module.css";

const TITLE = "Политика конфиденциальности";

/**
 * The privacy policy linked under the checkout button (docs/product.md#privacy-policy): the seller's text from the
 * server, its first paragraph as the heading, the others as paragraphs.
 */
export default function PrivacyPage() {
  const policy = useQuery<PrivacyPolicyResponse | null>("privacy-policy", () => api.privacyPolicy(), null);
  usePageMeta({ title: TITLE, description: "Как магазин обрабатывает персональные данные покупателей (152-ФЗ)." });
  const paragraphs = (policy.data?.text ?? "").split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean);
  const [heading, ...body] = paragraphs;

  return (
    <div className={`container ${styles.page}`}>
      <nav className={styles.back} aria-label="Навигация">
        <Link to="/" className="link-back">
          ← Назад в каталог
        </Link>
      </nav>
      <article className={styles.card}>
        <h1 className={styles.title}>{heading ?? TITLE}</h1>
        {policy.loading ? (
          <p className="loading-text" role="status">
            Загрузка...
          </p>
        ) : policy.error ? (
          <p role="alert">Не удалось загрузить текст. Обновите страницу.</p>
        ) : (
          body.map((paragraph, index) => (
            <p key={index} className={styles.paragraph}>
              {paragraph}
            </p>
          ))
        )}
      </article>
    </div>
  );
}
