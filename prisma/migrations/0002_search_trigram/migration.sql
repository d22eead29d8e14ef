-- Search (GET /api/products/search) matches `search_name LIKE '%q%' OR lower(sku) LIKE '%q%'`.
-- A B-tree cannot serve a pattern that starts with a wildcard; trigram GIN indexes can (for 3 or more
-- characters), so a search no longer reads every product.
-- pg_trgm is a contrib extension marked trusted: the database owner may create it without superuser rights.
-- The embedded database loads it from @electric-sql/pglite/contrib/pg_trgm (prisma/src/db.ts).
-- These indexes are not expressible in schema.prisma (an expression index); they live only here.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "products_search_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "products_sku_lower_trgm_idx" ON "products" USING gin (lower("sku") gin_trgm_ops);
