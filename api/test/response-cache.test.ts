import { afterEach, describe, expect, it, vi } from "vitest";
import { CATALOG_CACHE_TTL_MS, ResponseCache } from "../src/plugins/app/catalog-cache";

afterEach(() => {
  vi.useRealTimers();
});

describe("ResponseCache", () => {
  it("keeps a body for the TTL and then asks again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = new ResponseCache();
    let calls = 0;
    const produce = async () => `body-${++calls}`;
    expect(await cache.get("/a", produce)).toBe("body-1");
    expect(await cache.get("/a", produce)).toBe("body-1");
    expect(await cache.get("/b", produce)).toBe("body-2");
    vi.setSystemTime(Date.now() + CATALOG_CACHE_TTL_MS + 1);
    expect(await cache.get("/a", produce)).toBe("body-3");
  });

  it("shares one computation between concurrent misses and keeps no errors", async () => {
    const cache = new ResponseCache();
    let calls = 0;
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve(`v${++calls}`), 20));
    expect(await Promise.all([cache.get("/x", slow), cache.get("/x", slow), cache.get("/x", slow)])).toEqual(["v1", "v1", "v1"]);
    await expect(cache.get("/err", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cache.get("/err", async () => "ok")).toBe("ok");
  });

  it("does not store a body computed before a clear()", async () => {
    const cache = new ResponseCache();
    let release!: (value: string) => void;
    const pending = cache.get("/p", () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    release("stale");
    expect(await pending).toBe("stale");
    expect(await cache.get("/p", async () => "fresh")).toBe("fresh");
  });

  it("holds at most maxEntries, dropping the oldest", async () => {
    const cache = new ResponseCache(60_000, 3);
    for (const key of ["1", "2", "3", "4"]) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
    expect(await cache.get("1", async () => "recomputed")).toBe("recomputed");
    expect(await cache.get("4", async () => "recomputed")).toBe("4");
  });
});
