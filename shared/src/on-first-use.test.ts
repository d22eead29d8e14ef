import { describe, expect, it } from "vitest";
import { onFirstUse } from "./on-first-use";

describe("onFirstUse", () => {
  it("makes nothing until asked, then makes the value once", () => {
    let made = 0;
    const collator = onFirstUse(() => {
      made++;
      return new Intl.Collator("ru");
    });
    expect(made).toBe(0);
    const first = collator();
    expect(collator()).toBe(first);
    expect(made).toBe(1);
    // in code-point order «ё» would come after «я»
    expect(["яблоко", "ёлка", "арбуз"].sort(first.compare)).toEqual(["арбуз", "ёлка", "яблоко"]);
  });
});
