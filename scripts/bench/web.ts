/**
 * npm run bench:web — how fast the shop opens on a slow phone.
 *
 * Builds the web app, starts the real server on the embedded database with the demo catalogue, and loads the
 * catalogue and a product page in Chromium at 390×844 with a 4× slower CPU and a slow 4G network (Chrome DevTools'
 * "Slow 4G" preset through CDP: 562.5 ms request latency, 1.47 Mbit/s down, 675 kbit/s up; the same as Lighthouse's
 * mobile slow 4G with "devtools" throttling). Every page load starts with an empty cache. Prints LCP, CLS, the
 * JavaScript transferred (and its gzip size on disk) and the number of requests, and writes the tables to
 * bench-results/web.md (results.ts). The same catalogue and my orders are then opened as the Telegram Mini App, with
 * the Telegram client imitated as the browser tests do (e2e/helpers/telegram.ts): the Mini App's first load (the SDK
 * chunk on top of the website's) and what telegram-ui adds where it is used (my orders).
 *
 * Targets: shopper first load ≤ 120 KB of gzipped JS, LCP ≤ 1.5 s, CLS ≤ 0.1.
 * Options: BENCH_RUNS=3 (median of N loads per page), BENCH_NETWORK=slow4g|lighthouse150 (the second: 150 ms RTT,
 * 1.6 Mbit/s, which is what Lighthouse's default simulated throttling models), BENCH_SSR=0 (the build without its
 * server-rendering bundle: pages rendered in the browser only, for comparison).
 */
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../e2e/helpers/browser";
import { ROOT, buildWeb, chromiumPath, startServer } from "../../e2e/helpers/server";
import { installTelegramClient, launchUrl, signedInitData } from "../../e2e/helpers/telegram";
import { runHeader, writeResults } from "./results";

/** the token the measured server checks the imitated Telegram client's launch data with */
const BOT_TOKEN = "7000000009:bench_token_that_signs_the_mini_app_init_data";
const TELEGRAM_USER = { id: 880009001, first_name: "Анна", last_name: "Петрова", username: "anna_bench", language_code: "ru" };

const NETWORKS = {
  slow4g: { label: "Slow 4G (DevTools): 562.5 ms, 1.47 Mbit/s", latency: 562.5, down: 1.6 * 1024 * 0.9, up: 750 * 0.9 },
  lighthouse150: { label: "Lighthouse mobile: 150 ms RTT, 1.6 Mbit/s", latency: 150, down: 1.6 * 1024, up: 750 },
} as const;

type NetworkName = keyof typeof NETWORKS;
const networkName = (process.env.BENCH_NETWORK ?? "slow4g") as NetworkName;
const network = NETWORKS[networkName] ?? NETWORKS.slow4g;
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

interface Measurement {
  lcpMs: number;
  lcpElement: string;
  cls: number;
  jsTransferredBytes: number;
  jsFiles: string[];
  cssFiles: string[];
  requests: number;
  transferredBytes: number;
}

/** `telegram`: the page is opened as the Mini App, inside an imitated Telegram client (light theme) */
async function measure(browser: Browser, url: string, telegram = false): Promise<Measurement> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: "ru-RU",
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
  });
  if (telegram) await installTelegramClient(context, "light");
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: network.latency,
    downloadThroughput: (network.down * 1024) / 8,
    uploadThroughput: (network.up * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });

  const requests = new Map<string, { url: string; type: string; bytes: number }>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (!event.request.url.startsWith("data:")) requests.set(event.requestId, { url: event.request.url, type: event.type ?? "", bytes: 0 });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.bytes = event.encodedDataLength;
  });

  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: { time: number; element: string }; __cls: number };
    w.__lcp = { time: 0, element: "" };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element; url?: string })[]) {
        const element = entry.element;
        w.__lcp = {
          time: entry.startTime,
          element: element ? `${element.tagName.toLowerCase()}${entry.url ? ` ${new URL(entry.url).pathname}` : ""}` : "",
        };
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });

  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  await page.waitForLoadState("networkidle", { timeout: 120_000 });
  await page.waitForTimeout(1000);
  const { lcp, cls } = await page.evaluate(() => {
    const w = window as unknown as { __lcp: { time: number; element: string }; __cls: number };
    return { lcp: w.__lcp, cls: w.__cls };
  });
  await context.close();

  const all = [...requests.values()];
  const scripts = all.filter((request) => request.type === "Script" || /\.m?js(\?|$)/.test(request.url));
  return {
    lcpMs: Math.round(lcp.time),
    lcpElement: lcp.element,
    cls: Math.round(cls * 1000) / 1000,
    jsTransferredBytes: scripts.reduce((sum, request) => sum + request.bytes, 0),
    jsFiles: scripts.map((request) => new URL(request.url).pathname),
    cssFiles: all.filter((request) => request.type === "Stylesheet" || /\.css(\?|$)/.test(request.url)).map((request) => new URL(request.url).pathname),
    requests: all.length,
    transferredBytes: all.reduce((sum, request) => sum + request.bytes, 0),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** gzip -9 size of the files a page loaded: the budget's unit, whatever encoding the server chose to send. */
async function gzipSizeOf(fetchFile: (pathname: string) => Promise<Response>, files: string[]): Promise<number> {
  let sum = 0;
  for (const file of new Set(files)) {
    const response = await fetchFile(file);
    if (response.ok) sum += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return sum;
}

async function main() {
  const loadAtStart = os.loadavg()[0]!.toFixed(1);
  if (!chromiumPath()) {
    console.error("Chromium is not installed: apt-get install -y chromium");
    process.exit(1);
  }
  const external = process.env.E2E_BASE_URL;
  console.log(external ? `Using the running shop at ${external}` : "Building the web app…");
  const webDistDir = external ? path.join(ROOT, "apps/web/dist") : await buildWeb();
  // BENCH_SSR=0: without the server-rendering bundle, the pages are rendered in the browser only (for comparison)
  const ssr = process.env.BENCH_SSR !== "0";
  if (!external && !ssr) rmSync(path.join(webDistDir, ".ssr"), { recursive: true, force: true });
  // BOT_MODE=off: the server checks the Mini App's launch data with the token and never talks to Telegram
  const telegramEnv = { TELEGRAM_BOT_TOKEN: BOT_TOKEN, BOT_MODE: "off", TELEGRAM_API_ROOT: "http://127.0.0.1:9" };
  const server = await startServer(external ? {} : { webDistDir, env: telegramEnv });
  const browser = await launchBrowser();
  try {
    const catalog = (await (await server.fetch("/api/products?limit=12")).json()) as {
      products: { id: number; images: unknown[] }[];
    };
    const product = catalog.products.find((item) => item.images.length > 0) ?? catalog.products[0];
    if (!product) throw new Error("the catalogue is empty: nothing to measure");
    const initData = signedInitData(BOT_TOKEN, TELEGRAM_USER);
    const pages = [
      { name: "catalogue", url: `${server.url}/`, telegram: false },
      { name: "product", url: `${server.url}/product/${product.id}`, telegram: false },
      { name: "mini app: catalogue", url: launchUrl(`${server.url}/`, initData, "light"), telegram: true },
      { name: "mini app: my orders", url: launchUrl(`${server.url}/my-orders`, initData, "light"), telegram: true },
    ];

    console.log(`Chromium 390×844, CPU 4× slower, ${network.label}; median of ${runs} cold loads; ${ssr ? "server-rendered" : "client-rendered"} pages\n`);
    const results: Record<string, Measurement & { jsGzipBytes: number }> = {};
    for (const { name, url, telegram } of pages) {
      const samples: Measurement[] = [];
      for (let i = 0; i < runs; i++) samples.push(await measure(browser, url, telegram));
      const pick = samples.find((sample) => sample.lcpMs === median(samples.map((s) => s.lcpMs)))!;
      results[name] = {
        ...pick,
        lcpMs: median(samples.map((s) => s.lcpMs)),
        cls: Math.max(...samples.map((s) => s.cls)),
        jsGzipBytes: await gzipSizeOf((file) => server.fetch(file, { headers: { "Accept-Encoding": "identity" } }), pick.jsFiles),
      };
    }

    const rows = Object.entries(results).map(([name, r]) => ({
      page: name,
      "LCP": `${r.lcpMs} ms`,
      "LCP element": r.lcpElement,
      "CLS": r.cls.toFixed(3),
      "JS transferred": kb(r.jsTransferredBytes),
      "JS gzip": kb(r.jsGzipBytes),
      "JS files": r.jsFiles.length,
      "requests": r.requests,
      "all transferred": kb(r.transferredBytes),
    }));
    console.table(rows);
    const budget = results.catalogue!.jsGzipBytes;
    console.log(`\nShopper first load: ${kb(budget)} of gzipped JS (budget 120 KB) — ${budget <= 120 * 1024 ? "within" : "OVER"} budget`);
    const miniApp = results["mini app: catalogue"]!;
    const myOrders = results["mini app: my orders"]!;
    const telegramUi = myOrders.jsFiles.filter((file) => /telegram-ui-/.test(file));
    const telegramUiJs = await gzipSizeOf((file) => server.fetch(file, { headers: { "Accept-Encoding": "identity" } }), telegramUi);
    const telegramUiCss = await gzipSizeOf(
      (file) => server.fetch(file, { headers: { "Accept-Encoding": "identity" } }),
      myOrders.cssFiles.filter((file) => /TelegramOrders-/.test(file)),
    );
    console.log(
      `Mini App first load: LCP ${miniApp.lcpMs} ms, ${kb(miniApp.jsGzipBytes)} of gzipped JS (the website's ${kb(budget)} + ` +
        `${kb(miniApp.jsGzipBytes - budget)} for the SDK and Telegram's controls); telegram-ui on my orders: ${kb(telegramUiJs)} JS + ${kb(telegramUiCss)} CSS gzipped`,
    );
    for (const name of ["catalogue", "product"]) {
      const leaked = results[name]!.jsFiles.filter((file) => /telegram-ui-|telegram-sdk-/.test(file));
      if (leaked.length) console.log(`WARNING: the website's ${name} downloaded Mini App code: ${leaked.join(", ")}`);
    }
    for (const [name, r] of Object.entries(results)) {
      const admin = r.jsFiles.filter((file) => /AdminApp|StatsTab|ProductEditor/.test(file));
      if (admin.length) console.log(`WARNING: ${name} downloaded admin code: ${admin.join(", ")}`);
    }

    const catalogue = results.catalogue!;
    const productPage = results.product!;
    const markdown = [
      "## Page loads in Chromium (npm run bench:web)",
      "",
      `${runHeader()} · Chromium 390×844, CPU 4× slower · ${network.label} · median of ${runs} cold loads · demo catalogue · ` +
        `load average ${loadAtStart} at the start (the 4× CPU slowdown multiplies it)`,
      "",
      "| network, pages | catalogue LCP | product LCP | CLS | shopper JS (gzip) | requests (cat./prod.) |",
      "|---|---|---|---|---|---|",
      `| ${networkName}, ${ssr ? "server-rendered" : "client-rendered (BENCH_SSR=0)"} | ${catalogue.lcpMs} ms | ${productPage.lcpMs} ms | ` +
        `${Math.max(catalogue.cls, productPage.cls)} | ${kb(catalogue.jsGzipBytes)} | ${catalogue.requests} / ${productPage.requests} |`,
      "",
      `| ${Object.keys(rows[0]!).join(" | ")} |`,
      `|${Object.keys(rows[0]!).map(() => "---").join("|")}|`,
      ...rows.map((row) => `| ${Object.values(row).join(" | ")} |`),
      "",
      `Shopper first load: ${kb(budget)} of gzipped JS (budget 120 KB). Targets: LCP ≤ 1.5 s, CLS ≤ 0.1.`,
      "",
      "The Mini App (Telegram client imitated, light theme; the page is rendered in the browser there, see docs/telegram.md):",
      "",
      "| Mini App | catalogue LCP | catalogue JS (gzip) | more than the website (SDK, Telegram controls) | my orders LCP | telegram-ui on my orders (gzip) |",
      "|---|---|---|---|---|---|",
      `| ${networkName} | ${miniApp.lcpMs} ms | ${kb(miniApp.jsGzipBytes)} | +${kb(miniApp.jsGzipBytes - budget)} | ${myOrders.lcpMs} ms | ` +
        `${kb(telegramUiJs)} JS + ${kb(telegramUiCss)} CSS |`,
      "",
    ].join("\n");
    console.log(`Saved ${writeResults("web.md", "npm run bench:web", markdown)}`);
  } finally {
    await browser.close();
    await server.stop();
    if (!external) rmSync(webDistDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
