// Which workspace may import which, checked by `npm run lint` (depcruise). Dependencies point one way:
//
//   apps/web ──► shared ◄── prisma ◄── core ◄── api ◄──┐
//                  ▲                     ▲              server (starts the API and the bot in one process)
//                  └─────────────────────┴──── bot ◄───┘
//
// Workspaces import each other by package name (`@shop/core/orders`); npm links them into node_modules/@shop and
// their package.json "exports" maps `./*` to `./src/*.ts`, so every rule below sees the real file (`core/src/orders.ts`)
// whether a file is imported by name or by a relative path. Rules name folders, so a workspace is covered as soon
// as its folder exists. Every rule covers a workspace's tests too.

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
      name: "no-circular",
      comment: "Files of one workspace form no import cycle: a cycle means two files are one idea, or one depends on a detail of the other.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
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
