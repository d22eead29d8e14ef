/** The largest id the database holds (int4): a larger number names no row. */
export const MAX_DB_ID = 2_147_483_647;

export const isDbId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_DB_ID;
