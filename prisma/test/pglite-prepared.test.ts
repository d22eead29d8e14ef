import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { preparedStatements, type PreparedStatements } from "../src/pglite-prepared";

let pglite: PGlite;
let prepared: PreparedStatements;

beforeAll(async () => {
  pglite = await PGlite.create("memory://");
  prepared = preparedStatements(pglite);
  await pglite.exec(`CREATE TABLE things (id serial PRIMARY KEY, name text NOT NULL UNIQUE, price numeric(12, 2), tag text, at timestamptz, data jsonb)`);
});
afterAll(async () => {
  await pglite.close();
});

const INSERT = `INSERT INTO things (name, price, tag, at, data) SELECT * FROM unnest($1::text[], $2::numeric[], $3::text[], $4::timestamptz[], $5::jsonb[])
  RETURNING id, name, price::float8 AS price, at, data`;
const SELECT = `SELECT id, name, price, tag, at, data, $2::int + 1 AS next FROM things WHERE name = ANY($1::text[]) ORDER BY id`;

describe("prepared statements on the embedded database", () => {
  it("give the same rows as PGlite's query, call after call", async () => {
    const at = new Date("2026-11-23T10:00:00.000Z");
    const values = [["a", "b"], ["10.50", "3.00"], ["x", "y"], [at, at], [JSON.stringify({ k: 1 }), JSON.stringify(null)]];
    const inserted = await prepared.query(INSERT, values);
    expect(inserted).toEqual([
      { id: 1, name: "a", price: 10.5, at, data: { k: 1 } },
      { id: 2, name: "b", price: 3, at, data: null },
    ]);
    for (let call = 0; call < 3; call++) {
      const args = [["a", "b", "none"], call];
      expect(await prepared.query(SELECT, args)).toEqual((await pglite.query(SELECT, args)).rows);
    }
    expect(await prepared.query(`SELECT $1::text AS nothing`, [null])).toEqual([{ nothing: null }]);
    expect(await prepared.query(`UPDATE things SET price = price WHERE id = $1`, [1])).toEqual([]);
  });

  it("report an error of one call and go on working", async () => {
    const duplicate = prepared.query(INSERT, [["a"], ["1.00"], ["z"], [new Date()], ["{}"]]);
    await expect(duplicate).rejects.toThrow(/duplicate key/);
    expect(await prepared.query(SELECT, [["a"], 0])).toHaveLength(1);
    expect((await pglite.query(`SELECT count(*)::int AS n FROM things`)).rows).toEqual([{ n: 2 }]);
  });
});
