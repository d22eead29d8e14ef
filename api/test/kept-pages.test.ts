import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BudgetCache } from "../src/wire/budget-cache";
import { SharedPieces, gunzipParts, gzipBody, gzipInParts } from "../src/wire/gzip-parts";

/** How product pages are kept (docs/web-app.md, «Kept product pages»): gzip pieces that share texts, within a budget. */

const STYLES = ".card{display:grid;gap:8px}".repeat(200);
const SCRIPT = "<script>(function(){var taps=[];})();</script>".repeat(20);

describe("gzip in pieces", () => {
  const shared = new SharedPieces([SCRIPT, STYLES]);
  const page = (name: string) => `<!doctype html><head>${SCRIPT}<title>${name}</title><style>${STYLES}</style></head><body><h1>${name}</h1></body>`;

  it("joins pieces compressed apart into one gzip stream that any decoder reads back, CRC and length checked", () => {
    for (const text of [page("Ваза «Лён» 🏺"), page(""), "no shared text at all", "", `${STYLES}${SCRIPT}`]) {
      const gzip = gzipInParts(Buffer.from(text), shared);
      const body = gzipBody(gzip);
      // node's gunzip checks the trailer's CRC-32 and length, as browsers do
      expect(gunzipSync(body).toString()).toBe(text);
      expect(gunzipParts(gzip).toString()).toBe(text);
    }
  });

  it("keeps a shared text once: every answer holding it holds the same piece, and only its own pieces count", () => {
    const first = gzipInParts(Buffer.from(page("Ваза")), shared);
    const second = gzipInParts(Buffer.from(page("Кружка ручной лепки")), shared);
    const common = first.parts.filter((part) => second.parts.includes(part));
    expect(common).toHaveLength(2);
    const whole = gzipBody(first).length;
    expect(first.ownBytes).toBeLessThan(whole - common.reduce((sum, part) => sum + part.length, 0));
    expect(first.ownBytes).toBeLessThan(200);
  });

  it("reads back with the system's gzip too", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gzip-parts-"));
    try {
      const file = path.join(dir, "page.html.gz");
      writeFileSync(file, gzipBody(gzipInParts(Buffer.from(page("Свеча")), shared)));
      const tool = spawnSync("gzip", ["-dc", file], { encoding: "utf8" });
      if (tool.error) return; // no gzip on this machine
      expect(tool.status).toBe(0);
      expect(tool.stdout).toBe(page("Свеча"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("BudgetCache", () => {
  it("drops the least recently used once the entries' bytes pass the budget", () => {
    const cache = new BudgetCache<string>(100, (value) => value.length);
    cache.set("a", "x".repeat(40));
    cache.set("b", "y".repeat(40));
    expect(cache.get("a")).toBe("x".repeat(40)); // a is now the most recent
    cache.set("c", "z".repeat(15));
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
    expect(cache.usedBytes).toBeLessThanOrEqual(100);
  });

  it("replaces a key's value, and keeps nothing larger than the whole budget", () => {
    const cache = new BudgetCache<string>(50, (value) => value.length);
    cache.set("a", "1".repeat(10));
    cache.set("a", "2".repeat(20));
    expect(cache.size).toBe(1);
    expect(cache.usedBytes).toBe(22);
    cache.set("big", "3".repeat(60));
    expect(cache.get("big")).toBeUndefined();
    expect(cache.get("a")).toBe("2".repeat(20));
    cache.delete("a");
    expect(cache.usedBytes).toBe(0);
  });
});
