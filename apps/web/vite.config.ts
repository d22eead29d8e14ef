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
  plugins: [react(), precompress()],
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
        advancedChunks: {
          groups: [
            // what the entry (main.tsx) runs before the app's code is fetched, apart from the app: the shell would
            // otherwise take these modules (the app uses them too) and the entry would import the whole shell at once
            {
              name: "boot",
              priority: 2,
              test: /[\\/]apps[\\/]web[\\/]src[\\/]lib[\\/](first-paint|telegram-launch)\.ts$|vite[\\/]preload-helper|rolldown[\\/]runtime/,
            },
            // The app in one file: without this the shared modules the admin chunks also use (React, the router,
            // small helpers) come as 6–7 separate files, and on HTTP/1.1 with slow-network latency every extra wave
            // of requests costs a round trip before the first screen.
            {
              name: "shell",
              priority: 1,
              test: /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]start\.tsx$/,
            },
            // the small modules the lazy pages share (cart lines, totals, prices, phone, the checkout's rules) in one
            // file; apart, the cart or the checkout asks for about eight files of 1 KB, two or three waves of requests
            // on a slow network's six connections. The cart's own parts (components/Cart*: its line, layout and
            // placeholder) stay out, in a file of the cart and the checkout: the product page, which loads this one,
            // would otherwise carry their styles inline.
            {
              name: "pages",
              test: /[\\/]apps[\\/]web[\\/]src[\\/](components[\\/](?!Cart)|hooks|stores[\\/](?!cloud-))|[\\/]shared[\\/]src[\\/]/,
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
