import { describe, expect, it } from "vitest";
import { ResponseCache } from "../src/wire/response-cache";

describe("ResponseCache", () => {
  it("keeps a body from the second time its key is asked for, then makes it no more", () => {
    const cache = new ResponseCache<string>();
    let calls = 0;
    const produce = () => `body-${++calls}`;
    expect(cache.get("/a", produce)).toBe("body-1");
    expect(cache.size).toBe(0);
    expect(cache.get("/a", produce)).toBe("body-2");
    expect(cache.size).toBe(1);
    expect(cache.get("/a", produce)).toBe("body-2");
    expect(cache.get("/b", produce)).toBe("body-3");
    expect(calls).toBe(3);
  });

  it("keeps no errors", () => {
    const cache = new ResponseCache<string>();
    const boom = () => {
      throw new Error("boom");
    };
    expect(() => cache.get("/err", boom)).toThrow("boom");
    expect(() => cache.get("/err", boom)).toThrow("boom");
    expect(cache.get("/err", () => "ok")).toBe("ok");
    expect(cache.get("/err", () => "ok again")).toBe("ok again");
    expect(cache.get("/err", () => "not made")).toBe("ok again");
  });

  it("holds at most maxEntries, dropping the oldest", () => {
    const cache = new ResponseCache<string>(3);
    for (const key of ["1", "2", "3", "4"]) {
      cache.get(key, () => key);
      cache.get(key, () => key);
    }
    expect(cache.size).toBe(3);
    expect(cache.get("1", () => "recomputed")).toBe("recomputed");
    expect(cache.get("4", () => "recomputed")).toBe("4");
  });

  it("remembers a URL seen once until enough other URLs came after it", () => {
    const cache = new ResponseCache<string>(2);
    cache.get("/3", () => "3");
    cache.get("/1", () => "1");
    cache.get("/3", () => "3 again");
    expect(cache.size).toBe(1);
    // the table has four slots per kept answer: a hundred other first visits take every one of them
    for (let i = 0; i < 100; i++) cache.get(`/other/${i}`, () => "other");
    expect(cache.size).toBe(1);
    // "/1" was forgotten: its second visit counts as a first one
    expect(cache.get("/1", () => "1 again")).toBe("1 again");
    expect(cache.size).toBe(1);
    expect(cache.get("/1", () => "1 third")).toBe("1 third");
    expect(cache.size).toBe(2);
    expect(cache.get("/1", () => "not made")).toBe("1 third");
  });

  it("keeps an offered body when its key comes a second time, and says so; a body not offered is not kept", () => {
    const cache = new ResponseCache<string>();
    expect(cache.find("/p")).toBeUndefined();
    expect(cache.offer("/p", "first")).toBe(false);
    // the second answer was not offered (a page the server could not render): still nothing kept
    expect(cache.find("/p")).toBeUndefined();
    expect(cache.offer("/p", "third")).toBe(true);
    expect(cache.find("/p")).toBe("third");
    expect(cache.size).toBe(1);
  });
});
