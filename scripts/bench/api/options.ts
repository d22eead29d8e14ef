/** The command line of `npm run bench` (after `npm run bench --`), described in ../api.ts. */

export interface Options {
  /** reuse the seeded databases of the last run instead of seeding them again */
  reuse: boolean;
  /** one database only */
  db: string | undefined;
  /** seconds of load per route, after the warm-up */
  duration: number;
  /** only routes whose name contains this text */
  only: string | undefined;
  /** the PostgreSQL server the benchmark creates its database on */
  serverUrl: string;
}

/** The options, or the process ends with exit code 2 and what is wrong with them. */
export function parseOptions(argv: string[]): Options {
  const option = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=").slice(1).join("=");
  const known = ["--reuse", "--db=", "--duration=", "--only="];
  const unknown = argv.filter((arg) => !known.some((k) => (k.endsWith("=") ? arg.startsWith(k) : arg === k)));
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown.join(" ")}. Use --reuse, --db=embedded|postgresql, --duration=<seconds>, --only=<text>.`);
    process.exit(2);
  }
  const db = option("db");
  if (db && !["embedded", "postgresql"].includes(db)) {
    console.error("--db must be embedded or postgresql");
    process.exit(2);
  }
  return {
    reuse: argv.includes("--reuse"),
    db,
    duration: Math.max(1, Number(option("duration") ?? 10)),
    only: option("only"),
    serverUrl: process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  };
}
