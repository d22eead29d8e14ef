import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { Product } from "@shop/shared/schemas/catalog";
import { formatDimensions } from "@shop/shared/format";
import styles from "./ProductTabs.module.css";

const TABS = [
  { key: "description", label: "Описание" },
  { key: "specs", label: "Характеристики" },
] as const;

/** 'Описание' (or 'Описание отсутствует') and 'Характеристики': Артикул, Материал, Размеры (Ш×В×Г) with '?'. */
export function ProductTabs({ product, sku = product.sku }: { product: Product; /** the chosen variant's article */ sku?: string }) {
  const [tab, setTab] = useState<(typeof TABS)[number]["key"]>("description");
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const dimensions = formatDimensions(product.width, product.height, product.depth);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const next = (index + (event.key === "ArrowRight" ? 1 : -1) + TABS.length) % TABS.length;
    setTab(TABS[next]!.key);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label="О товаре" className={styles.list}>
        {TABS.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${item.key}-tab`}
            aria-selected={tab === item.key}
            aria-controls={`${id}-${item.key}`}
            tabIndex={tab === item.key ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(item.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${tab}`}
        aria-labelledby={`${id}-${tab}-tab`}
        className={styles.panel}
        tabIndex={0}
      >
        {tab === "description" ? (
          product.description?.trim() ? (
            <p className={styles.description}>{product.description}</p>
          ) : (
            <p className="muted">Описание отсутствует</p>
          )
        ) : (
          <dl className={styles.specs}>
            <div>
              <dt>Артикул</dt>
              <dd>{sku}</dd>
            </div>
            {product.material ? (
              <div>
                <dt>Материал</dt>
                <dd>{product.material}</dd>
              </div>
            ) : null}
            {dimensions ? (
              <div>
                <dt>Размеры (Ш×В×Г)</dt>
                <dd>{dimensions} мм</dd>
              </div>
            ) : null}
          </dl>
        )}
      </div>
    </div>
  );
}
