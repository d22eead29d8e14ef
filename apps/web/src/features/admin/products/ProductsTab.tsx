import { useCallback, useState } from "react";
import { Link } from "react-router-dom";
import { PlusIcon } from "../components/icons";
import CategoryManager from "./CategoryManager";
import ProductsTable from "./ProductsTable";
import { ProductSheetBar } from "../back-office/ProductSheetBar";
import buttons from "../components/buttons.module.css";
import layout from "../components/layout.module.css";
import styles from "./ProductsTab.module.css";

export default function ProductsTab() {
  // a category change renames pills in the table; a product deletion changes the counts on the cards
  const [categoriesVersion, setCategoriesVersion] = useState(0);
  const [productsVersion, setProductsVersion] = useState(0);
  const onCategoriesChanged = useCallback(() => setCategoriesVersion((v) => v + 1), []);
  const onProductsChanged = useCallback(() => setProductsVersion((v) => v + 1), []);
  // on a phone the list comes first and the category manager opens from a button (docs/admin-panel.md#on-a-phone)
  const [categoriesOpen, setCategoriesOpen] = useState(false);

  return (
    <div className={layout.stack}>
      <div className={styles.toolbar}>
        <Link to="/admin/product/new" className={buttons.primary}>
          <PlusIcon /> Добавить товар
        </Link>
        <button
          type="button"
          className={`${buttons.ghost} ${styles.categoriesButton}`}
          aria-expanded={categoriesOpen}
          aria-controls="adm-category-manager"
          onClick={() => setCategoriesOpen((open) => !open)}
        >
          {categoriesOpen ? "Скрыть категории" : "Категории и теги"}
        </button>
      </div>
      <div className={styles.sheet}>
        <ProductSheetBar onImported={onProductsChanged} />
      </div>
      <div id="adm-category-manager" className={`${styles.categories} ${categoriesOpen ? styles.open : ""}`}>
        <CategoryManager reloadKey={productsVersion} onChanged={onCategoriesChanged} />
      </div>
      <div className={styles.list}>
        <ProductsTable reloadKey={categoriesVersion} onChanged={onProductsChanged} />
      </div>
    </div>
  );
}
