import { describe, expect, it } from "vitest";
import { ResponseCache } from "../src/plugins/app/catalog";

describe("ResponseCache", () => {
  it("keeps a body per key and makes it once", () => {
    const cache = new ResponseCache();
    let calls = 0;
    const produce = () => `body-${++calls}`;
    expect(cache.get("/a", produce)).toBe("body-1");
    expect(cache.get("/a", produce)).toBe("body-1");
    expect(cache.get("/b", produce)).toBe("body-2");
  });

  it("keeps no errors", () => {
    const cache = new ResponseCache();
    expect(() =>
      cache.get("/err", () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(cache.get("/err", () => "ok")).toBe("ok");
  });

  it("holds at most maxEntries, dropping the oldest", () => {
    const cache = new ResponseCache(3);
    for (const key of ["1", "2", "3", "4"]) cache.get(key, () => key);
    expect(cache.size).toBe(3);
    expect(cache.get("1", () => "recomputed")).toBe("recomputed");
    expect(cache.get("4", () => "recomputed")).toBe("4");
  });
});
