export { CATEGORY_NAME_EMPTY, CATEGORY_NAME_REQUIRED, CATEGORY_NOT_FOUND, createCategory, deleteCategory, updateCategory } from "./categories";
