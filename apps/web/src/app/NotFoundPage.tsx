import { Link } from "react-router-dom";
import { EmptyState } from "../components/EmptyState";
import { usePageMeta } from "../lib/seo";

export default function NotFoundPage() {
  usePageMeta({ title: "Страница не найдена" });
  return (
    <div className="container">
      <EmptyState title="Страница не найдена">
        <span>Такой страницы нет — возможно, ссылка устарела.</span>
        <Link to="/" className="btn btn-primary">
          Перейти в каталог
        </Link>
      </EmptyState>
    </div>
  );
}
