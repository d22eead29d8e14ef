import type { Prisma, PrismaClient } from "./generated/client";

type Client = PrismaClient | Prisma.TransactionClient;

/** The next article, e.g. "HM-000042". */
export async function nextSku(db: Client): Promise<string> {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`SELECT nextval('product_sku_seq') AS n`;
  return "HM-" + String(row!.n).padStart(6, "0");
}

/** `count` articles in one round trip, for bulk inserts (the seed). */
export async function nextSkus(db: Client, count: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ n: bigint }[]>`SELECT nextval('product_sku_seq') AS n FROM generate_series(1, ${count}::int)`;
  return rows.map((row) => "HM-" + String(row.n).padStart(6, "0"));
}
