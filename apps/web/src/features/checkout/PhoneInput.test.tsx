import { useState } from "react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PhoneInput, maskPhoneInput } from "./PhoneInput";

afterEach(cleanup);

function Harness({ initial = "+7 " }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <PhoneInput aria-label="Телефон" value={value} onValueChange={setValue} />;
}

const input = () => screen.getByLabelText("Телефон") as HTMLInputElement;

function type(text: string) {
  for (const char of text) {
    const el = input();
    fireEvent.change(el, { target: { value: el.value + char, selectionStart: el.value.length + 1 } });
  }
}

describe("phone mask '+7 (XXX) XXX-XX-XX'", () => {
  it.each([
    ["", "+7 "],
    ["9", "+7 (9"],
    ["912", "+7 (912)"],
    ["9123", "+7 (912) 3"],
    ["912345678", "+7 (912) 345-67-8"],
    ["89123456789", "+7 (912) 345-67-89"],
    ["+7 912 345 67 89 00", "+7 (912) 345-67-89"],
    ["+7 89123456789", "+7 (912) 345-67-89"],
    ["+7 (812", "+7 (812)"],
    ["abc", "+7 "],
  ])("shows %j as %j", (raw, shown) => {
    expect(maskPhoneInput(raw)).toBe(shown);
  });

  it("formats digits as they are typed", () => {
    render(<Harness />);
    expect(input().value).toBe("+7 ");
    type("9123456789");
    expect(input().value).toBe("+7 (912) 345-67-89");
    // an eleventh digit is ignored
    type("5");
    expect(input().value).toBe("+7 (912) 345-67-89");
  });

  it("takes a pasted number with 8 in front", () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: "8 (912) 345-67-89" } });
    expect(input().value).toBe("+7 (912) 345-67-89");
  });

  it("deletes the digit before a bracket or dash on Backspace instead of getting stuck", () => {
    render(<Harness initial="+7 (912) 345-67-89" />);
    const el = input();
    el.setSelectionRange(16, 16); // right after the dash before '89'
    fireEvent.keyDown(el, { key: "Backspace" });
    expect(input().value).toBe("+7 (912) 345-68-9");
    input().setSelectionRange(8, 8); // right after ')'
    fireEvent.keyDown(input(), { key: "Backspace" });
    expect(input().value).toBe("+7 (913) 456-89");
  });

  it("shows '+7 ' when everything is deleted", () => {
    render(<Harness initial="+7 (9" />);
    const el = input();
    el.setSelectionRange(5, 5);
    fireEvent.change(el, { target: { value: "+7 (" } });
    expect(input().value).toBe("+7 ");
  });
});
