import { describe, expect, it } from "vitest";
import { formatPhone, formatPhoneInput, nationalDigits, normalizePhone, phoneError } from "./phone";

describe("phone mask", () => {
  it.each([
    ["", "+7 "],
    ["+7 ", "+7 "],
    ["9", "+7 (9"],
    ["912", "+7 (912)"],
    ["9123", "+7 (912) 3"],
    ["912345", "+7 (912) 345"],
    ["9123456", "+7 (912) 345-6"],
    ["912345678", "+7 (912) 345-67-8"],
    ["9123456789", "+7 (912) 345-67-89"],
    ["89123456789", "+7 (912) 345-67-89"],
    ["+7 (912) 345-67-8999", "+7 (912) 345-67-89"],
    ["abc 912-345", "+7 (912) 345"],
  ])("formats %j as %j", (input, expected) => {
    expect(formatPhoneInput(input)).toBe(expected);
  });

  it("drops one leading 7 or 8 and keeps at most ten digits", () => {
    expect(nationalDigits("79998887766")).toBe("9998887766");
    expect(nationalDigits("8 999 888 77 66 55")).toBe("9998887766");
  });
});

describe("phone validation", () => {
  it("asks for a phone when empty or only the country code", () => {
    expect(phoneError("")).toBe("Введите телефон");
    expect(phoneError("+7 ")).toBe("Введите телефон");
    expect(phoneError(undefined)).toBe("Введите телефон");
  });

  it("asks for the full number when the digit count is not 11", () => {
    expect(phoneError("+7 (912) 345")).toBe("Введите полный номер");
    expect(phoneError("+7 (912) 345-67-891")).toBe("Введите полный номер");
    expect(phoneError("12345678901")).toBe("Введите полный номер");
  });

  it("accepts a full number and normalises it", () => {
    expect(phoneError("+7 (912) 345-67-89")).toBeNull();
    expect(normalizePhone("+7 (912) 345-67-89")).toBe("+79123456789");
    expect(normalizePhone("8 912 345 67 89")).toBe("+79123456789");
    expect(normalizePhone("912")).toBeNull();
    expect(formatPhone("+79123456789")).toBe("+7 (912) 345-67-89");
  });
});
