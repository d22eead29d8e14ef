// Which workspace may import which, checked by `npm run lint` (depcruise). Dependencies point one way:
//
//   apps/web ──► shared ◄── prisma ◄── core ◄── api ◄──┐
//                  ▲                     ▲              server (starts the API and the bot in one process)
//                  └─────────────────────┴──── bot ◄───┘
//
// Workspaces import each other by package name (`@shop/core/orders`); npm links them into node_modules/@shop and
// each package.json's "exports" names its public entries (`./orders` → `./src/orders/index.ts`), so a name that is
// not exported does not resolve, and every rule below sees the real file whether a file is imported by name or by a
// relative path. Rules name folders, so a workspace is covered as soon as its folder exists. Every rule covers a
// workspace's tests too, unless it says otherwise.

/** Paths that are not another workspace: npm packages and Node's built-ins are allowed unless a rule says otherwise. */
const npmOrNode = { dependencyTypesNot: ["core"], pathNot: "(^|/)node_modules/" };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "shared-is-self-contained",
      comment:
        "shared holds pure rules and types every other workspace uses (pricing, phone, formats, wire schemas): it imports " +
        "npm packages and its own files only, never another workspace.",
      severity: "error",
      from: { path: "^shared/" },
      to: { ...npmOrNode, pathNot: [npmOrNode.pathNot, "^shared/"] },
    },
    {
      name: "prisma-imports-shared-only",
      comment: "The database package (schema, client, migrations, seed) may use shared's rules, nothing above it.",
      severity: "error",
      from: { path: "^prisma/" },
      to: { ...npmOrNode, pathNot: [npmOrNode.pathNot, "^(prisma|shared)/"] },
    },
    {
      name: "core-imports-shared-and-prisma-only",
      comment:
        "The domain (orders, statuses, prepared checkouts, customers, the outbox) knows nothing of HTTP or Telegram: " +
        "it imports shared, the database package and its own files; api and bot depend on it, not the other way round.",
      severity: "error",
      from: { path: "^core/" },
      to: { ...npmOrNode, pathNot: [npmOrNode.pathNot, "^(core|prisma|shared)/"] },
    },
    {
      name: "core-uses-no-http-or-telegram-library",
      comment: "Fastify and grammY stay in api and bot: the domain reports errors and effects through its own types and ports.",
      severity: "error",
      from: { path: "^core/" },
      to: { path: "(^|/)node_modules/(fastify|fastify-plugin|@fastify/[^/]+|grammy|@grammyjs/[^/]+)/" },
    },
    {
      name: "web-imports-shared-only",
      comment: "The web client talks to the shop through the HTTP API; among workspaces it imports shared only.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { ...npmOrNode, pathNot: [npmOrNode.pathNot, "^(apps/web|shared)/"] },
    },
    // ---- apps/web: features stay apart ----
    {
      name: "web-features-do-not-import-each-other",
      comment:
        "A page of the web app (apps/web/src/features/<x>/, tests included) imports no file of another feature: what two " +
        "features share lives in apps/web/src/components, hooks, lib or stores, and the app shell (apps/web/src/app) " +
        "composes the features. So a feature can change, or be dropped, without touching the others.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    // ---- end of apps/web: features stay apart ----
    {
      name: "bot-does-not-import-api",
      comment:
        "The bot reaches orders through core, never through the API's files; only server/ starts both in one process.",
      severity: "error",
      from: { path: "^bot/" },
      to: { path: "^api/" },
    },
    {
      name: "api-does-not-import-bot",
      comment: "The API notifies through core's outbox, never by calling the bot; only server/ starts both in one process.",
      severity: "error",
      from: { path: "^api/" },
      to: { path: "^bot/" },
    },
    {
      name: "core-modules-meet-at-their-entries",
      comment:
        "core is one folder per module (catalog, orders, stock, payments, …), each with one public entry, index.ts: a " +
        "module uses another only through it, never through one of its files, so each module's inside can change freely.",
      severity: "error",
      from: { path: "^core/src/([^/]+)/" },
      to: { path: "^core/src/[^/]+/", pathNot: ["^core/src/$1/", "^core/src/[^/]+/index[.]ts$"] },
    },
    {
      name: "core-is-used-through-its-module-entries",
      comment:
        "Outside core, a module is reached through its package entry (`@shop/core/orders`, exported by core/package.json), " +
        "never through one of its files by a relative path; tests included: they test what the module offers.",
      severity: "error",
      from: { pathNot: "^core/src/" },
      to: { path: "^core/src/[^/]+/", pathNot: "^core/src/[^/]+/index[.]ts$" },
    },
    {
      name: "workspaces-meet-by-package-name",
      comment:
        "A workspace's own code reaches another workspace by its package name, so that the other's package.json " +
        "\"exports\" decides what is public; a relative path into another folder would go round it. Tests may look " +
        "into what they test.",
      severity: "error",
      from: { path: "^(shared|prisma|core|api|bot|server)/(src|seed)/" },
      to: { dependencyTypes: ["local"], pathNot: ["^$1/", "(^|/)node_modules/"] },
    },
    {
      name: "e2e-drives-the-running-shop",
      comment:
        "Browser tests use the shop as a shopper, a manager and Telegram do: through the server they start, the " +
        "database they set up (prisma), the shared rules and texts, the Bot API stand-in and the carriers' stand-ins; " +
        "never the API's, the bot's or the core's code.",
      severity: "error",
      from: { path: "^e2e/" },
      to: { ...npmOrNode, pathNot: [npmOrNode.pathNot, "^(e2e|shared|prisma)/", "^bot/test/helpers/", "^core/test/helpers/carrier-standins[.]ts$"] },
    },
    {
      name: "scripts-measure-from-outside",
      comment:
        "The test runner, the build and the benchmarks start the shop as a user would and measure it: they may use " +
        "the database package (to seed and measure it), shared, and the browser tests' helpers, not the shop's code.",
      severity: "error",
      from: { path: "^scripts/" },
      to: { ...npmOrNode, pathNot: [npmOrNode.pathNot, "^(scripts|shared|prisma)/", "^e2e/helpers/", "^bot/test/helpers/"] },
    },
    {
      name: "no-circular",
      comment:
        "Files of one workspace form no import cycle, type-only imports included: a cycle means two files are one idea, " +
        "or one depends on a detail of the other.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "Every import resolves to a file or an installed package (a typo, or a workspace missing from package.json).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: ["(^|/)node_modules/", "^prisma/src/generated/"] },
    exclude: { path: ["(^|/)dist/", "^data/", "^bench-results/", "^test-results/"] },
    // `import type` counts: a type-only import of another workspace's file still ties the two together.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
