/**
 * Builds the Node processes for production: `node scripts/build-server.mjs server` writes server/dist/main.mjs,
 * `… bot` writes bot/dist/main.mjs (with chunks beside them) (both when no name is given).
 *
 * Why: `npm start` used to run the TypeScript through tsx, which costs ≈ 40 MB of resident memory at start and
 * compiles every module on the fly. The bundle holds our own code — the entry and the workspace packages
 * (`@shop/*`, including the generated Prisma client, which is TypeScript) — as plain JavaScript; every package
 * from node_modules stays an ordinary import, loaded by Node as usual (so lazy `import()`s stay lazy).
 * `npm run dev` and the tests keep running the sources with tsx.
 */
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const TARGETS = {
  server: { entry: "server/src/main.ts", outdir: "server/dist" },
  bot: { entry: "bot/src/main.ts", outdir: "bot/dist" },
};

/** Bare imports: `@shop/*` is bundled, any other package stays external (resolved by Node from node_modules). */
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@shop/") ? undefined : { path: args.path, external: true }));
  },
};

/**
 * `import.meta.url` of a bundled source file must still name that file (migrate.ts finds prisma/migrations
 * beside itself, config.ts the web build, the Prisma client its folder): it is rewritten to the file's path
 * relative to the bundle, so the repository can still be moved as a whole.
 */
function ownImportMetaUrl(outdir) {
  const outDir = path.join(ROOT, outdir);
  return {
    name: "own-import-meta-url",
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, "utf8");
        if (!source.includes("import.meta.url")) return undefined;
        const relative = path.relative(outDir, args.path).split(path.sep).join("/");
        const extension = path.extname(args.path).slice(1);
        return {
          contents: source.replaceAll("import.meta.url", `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
          loader: extension.startsWith("t") ? "ts" : "js",
        };
      });
    },
  };
}

async function buildTarget(name) {
  const target = TARGETS[name];
  if (!target) throw new Error(`Unknown target "${name}": use ${Object.keys(TARGETS).join(" or ")}`);
  const started = Date.now();
  await rm(path.join(ROOT, target.outdir), { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: [target.entry],
    outdir: target.outdir,
    outExtension: { ".js": ".mjs" },
    // a dynamic import() of our own module becomes its own chunk, so the packages only it imports (grammY for the
    // bot) are loaded when it is; chunks sit beside the entry, where ownImportMetaUrl expects the code to be
    splitting: true,
    chunkNames: "[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [externalPackages, ownImportMetaUrl(target.outdir)],
  });
  const entry = path.basename(target.entry).replace(/\.ts$/, ".mjs");
  console.log(`${target.outdir}/${entry} built in ${Date.now() - started} ms`);
}

const names = process.argv.slice(2);
for (const name of names.length > 0 ? names : Object.keys(TARGETS)) await buildTarget(name);
