import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

/**
 * Writes .br and .gz next to every compressible file of the build; the server sends them as they are
 * (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "shop:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.ssr ? "" : path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return; // the server-rendering bundle is read from disk by the server, never sent
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Preloads the headings' font (src/app/styles/fonts.css) from index.html under its hashed names: both halves, since
 * every Russian heading also needs the Latin one (its spaces, digits and «» are there). With the page's CSS they
 * arrive in time for the first paint, so 'optional' uses them from the first visit on.
 */
function preloadHeadingFont(): Plugin {
  const halves = ["cyrillic", "latin"];
  return {
    name: "shop:preload-heading-font",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const files = Object.values(context.bundle ?? {});
        return halves.map((half) => {
          const font = files.find((file) => file.type === "asset" && new RegExp(`pt-serif-${half}-700-normal-[^/]*\\.woff2$`).test(file.fileName));
          if (!font) throw new Error(`the headings' ${half} font is missing from the build (src/app/styles/fonts.css)`);
          return {
            tag: "link",
            attrs: { rel: "preload", as: "font", type: "font/woff2", crossorigin: "", href: `/${font.fileName}` },
            injectTo: "head" as const,
          };
        });
      },
    },
  };
}

/**
 * The server-rendering bundle (`vite build --ssr src/entry-server.tsx --outDir dist/.ssr`, part of `npm run build`):
 * one self-contained ES module with React, the router and the app, so the server can import it from any directory
 * the build was written to (tests build into temporary ones). The server refuses to send `/.ssr/` as a file.
 */
const ssrBuild = defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // React's CommonJS entry points pick their production build by this, at bundle time
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  ssr: { noExternal: true, target: "node" },
  build: {
    emptyOutDir: true,
    sourcemap: false,
    target: "node20",
    minify: false,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" } },
  },
});

export default defineConfig(({ isSsrBuild }) => isSsrBuild ? ssrBuild : {
  root: import.meta.dirname,
  plugins: [react(), preloadHeadingFont(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    reportCompressedSize: true,
    // the server reads it to preload the code of the page a URL opens (api/src/routes/web.ts)
    manifest: true,
    rollupOptions: {
      output: {
        // Everything the entry needs in one file: without this the shared modules the admin chunks also use (React,
        // the router, small helpers) come as 6–7 separate files, and on HTTP/1.1 with slow-network latency every
        // extra wave of requests costs a round trip before the first screen.
        advancedChunks: {
          groups: [
            {
              name: "shell",
              test: /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$|vite[\\/]preload-helper|rolldown[\\/]runtime/,
            },
          ],
        },
        // recognisable names for the chunks only the Mini App loads (tests check the website never fetches them)
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes("/@telegram-apps/sdk/"))
            ? "assets/telegram-sdk-[hash].js"
            : chunk.moduleIds.some((id) => id.includes("/@telegram-apps/telegram-ui/"))
              ? "assets/telegram-ui-[hash].js"
              : "assets/[name]-[hash].js",
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3000", "/uploads": "http://localhost:3000" } },
});
