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

  return (
    <div className={layout.stack}>
      <div className={styles.toolbar}>
        <Link to="/admin/product/new" className={buttons.primary}>
          <PlusIcon /> Добавить товар
        </Link>
      </div>
      <ProductSheetBar onImported={onProductsChanged} />
      <CategoryManager reloadKey={productsVersion} onChanged={onCategoriesChanged} />
      <ProductsTable reloadKey={categoriesVersion} onChanged={onProductsChanged} />
    </div>
  );
}
