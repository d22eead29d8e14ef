import type {
  AdminProductsResponse,
  CategoryBody,
  CreateProductBody,
  StockResponse,
  UpdateProductBody,
  UploadResponse,
} from "@shop/shared/schemas/admin";
import type { Category, Product } from "@shop/shared/schemas/catalog";
import { adminRequest, uploadWithProgress } from "./client";

export function fetchAdminCategories(signal?: AbortSignal): Promise<Category[]> {
  return adminRequest<Category[]>("/api/admin/categories", { signal });
}

export function createCategory(body: CategoryBody): Promise<Category> {
  return adminRequest<Category>("/api/admin/categories", { method: "POST", body });
}

export function updateCategory(id: number, body: CategoryBody): Promise<Category> {
  return adminRequest<Category>(`/api/admin/categories/${id}`, { method: "PUT", body });
}

export function deleteCategory(id: number): Promise<unknown> {
  return adminRequest(`/api/admin/categories/${id}`, { method: "DELETE" });
}

export function fetchAdminProducts(
  query: { page: number; limit: number; q?: string; soldOut?: "true" },
  signal?: AbortSignal,
): Promise<AdminProductsResponse> {
  return adminRequest<AdminProductsResponse>("/api/admin/products", { query, signal });
}

/** The editor reads a product as the database has it, its stock exact: GET /api/admin/products/{id}. */
export async function fetchProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return adminRequest<Product>(`/api/admin/products/${id}`, { signal });
}

export function createProduct(body: CreateProductBody): Promise<Product> {
  return adminRequest<Product>("/api/admin/products", { method: "POST", body, authError: "manual" });
}

export function updateProduct(id: number, body: UpdateProductBody): Promise<Product> {
  return adminRequest<Product>(`/api/admin/products/${id}`, { method: "PUT", body, authError: "manual" });
}

/** POST /api/admin/products/{id}/stock: pieces received (+) or taken (−), of a variant when named; the answer is the new count. */
export function changeStock(id: number, delta: number, variantId?: number): Promise<StockResponse> {
  return adminRequest<StockResponse>(`/api/admin/products/${id}/stock`, { method: "POST", body: { delta, ...(variantId !== undefined ? { variant_id: variantId } : {}) } });
}

/** DELETE: the caller alerts before ending the session on 401/403 (docs/product.md#admin-errors). */
export function deleteProduct(id: number): Promise<unknown> {
  return adminRequest(`/api/admin/products/${id}`, { method: "DELETE", authError: "manual" });
}

/** POST /api/admin/upload with the files as repeated `images` fields; resolves to the stored URLs in order. */
export async function uploadImages(files: File[], onProgress?: (fraction: number) => void): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append("images", file, file.name);
  const response = await uploadWithProgress<UploadResponse>("/api/admin/upload", form, onProgress);
  if (!response || !Array.isArray(response.filePaths) || response.filePaths.length !== files.length) {
    throw new Error("upload returned an unexpected answer");
  }
  return response.filePaths;
}
