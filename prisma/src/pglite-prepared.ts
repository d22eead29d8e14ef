import { parse, protocol, type PGlite } from "@electric-sql/pglite";

/**
 * Named prepared statements on the embedded database. PGlite's `query` parses and plans its statement on every
 * call, which for the statements of an order costs more than running them; here a statement is parsed once (with
 * its parameter types and result columns described) and later calls only bind and execute it, as node-postgres
 * does with a named statement on a PostgreSQL server. Results come out exactly as from `query` (the same
 * serializers and parsers: PGlite's own, including the array types it registered at start).
 */

type Serialize = (value: unknown) => string;
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface Statement {
  name: string;
  parameterTypes: number[];
  /** the result columns, or none for a statement without rows */
  rowDescription: BackendMessage | undefined;
}

/** PGlite's serializers and parsers by type oid, the ones its `query` uses */
interface TypeHandlers {
  serializers: Record<number, Serialize>;
  parsers: Parameters<typeof parse.parseResults>[1];
}

const MAX_STATEMENTS = 200;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export interface PreparedStatements {
  /** runs `text` as a named prepared statement; to be called where a `query` of the same PGlite could run */
  query<Row>(text: string, values: readonly unknown[]): Promise<Row[]>;
}

export function preparedStatements(pglite: PGlite): PreparedStatements {
  const { serialize } = protocol;
  const statements = new Map<string, Statement>();
  const types = pglite as unknown as TypeHandlers;

  async function prepare(text: string): Promise<Statement> {
    const name = `shop_${statements.size + 1}`;
    const { messages } = await pglite.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
    );
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === "rowDescription"),
    };
    statements.set(text, statement);
    return statement;
  }

  return {
    query: <Row>(text: string, values: readonly unknown[]) =>
      pglite.runExclusive(async () => {
        // execProtocol does not check, as query does: a closed database's would fail inside PGlite with a TypeError
        if (pglite.closed) throw new Error("PGlite is closed");
        const statement = statements.get(text) ?? (statements.size < MAX_STATEMENTS ? await prepare(text) : null);
        if (!statement) return (await pglite.query<Row>(text, values as unknown[])).rows;
        const serialized = values.map((value, index) => {
          if (value === null || value === undefined) return null;
          const serializer = types.serializers[statement.parameterTypes[index]!];
          return serializer ? serializer(value) : String(value);
        });
        const { messages } = await pglite.execProtocol(
          concat([serialize.bind({ statement: statement.name, values: serialized }), serialize.execute({}), serialize.sync()]),
        );
        const results = parse.parseResults(statement.rowDescription ? [statement.rowDescription, ...messages] : messages, types.parsers);
        return (results[0]?.rows ?? []) as Row[];
      }),
  };
}
