import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import styles from "./RouteError.module.css";

/** The router's error screen (docs/product.md#routes): 'Unexpected Application Error!' and what went wrong. */
export default function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error ?? "");
  return (
    <div className={styles.screen} role="alert">
      <h2 className={styles.title}>Unexpected Application Error!</h2>
      {detail ? <h3 className={styles.detail}>{detail}</h3> : null}
      <p className={styles.text}>Что-то пошло не так. Попробуйте обновить страницу или вернуться в каталог.</p>
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
          Обновить страницу
        </button>
        <a href="/" className="btn btn-primary">
          Перейти в каталог
        </a>
      </div>
    </div>
  );
}
