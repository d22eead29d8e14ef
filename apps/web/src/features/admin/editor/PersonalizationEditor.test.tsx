import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import PersonalizationEditor from "./PersonalizationEditor";
import { newField, type EditorField } from "./variants-form";

/**
 * The personalisation fields are put in order by dragging their cards (as the options' values are), with the
 * keyboard too: space takes the card, an arrow moves it, space puts it down (docs/product.md#product-editor).
 */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const fields = (): EditorField[] => [
  { ...newField("text"), label: "Гравировка" },
  { ...newField("gift_wrap"), label: "Подарочная упаковка" },
  { ...newField("gift_note"), label: "Открытка" },
];

function Editor({ initial, onChange }: { initial: EditorField[]; onChange(fields: EditorField[]): void }) {
  const [list, setList] = useState(initial);
  return (
    <PersonalizationEditor
      fields={list}
      onChange={(next) => {
        setList(next);
        onChange(next);
      }}
    />
  );
}

/** jsdom lays nothing out: each card is given a place, one under another, 100 px tall */
function layOutCards() {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
    const card = this.closest<HTMLElement>('[data-testid="personalization-editor-field"]');
    const index = card ? screen.getAllByTestId("personalization-editor-field").indexOf(card) : -1;
    const top = index < 0 ? 0 : index * 110;
    return { x: 0, y: top, top, left: 0, right: 600, bottom: top + 100, width: 600, height: 100, toJSON: () => ({}) } as DOMRect;
  });
}

const labels = () => screen.getAllByRole("textbox", { name: "Название для покупателя" }).map((input) => (input as HTMLInputElement).value);

describe("the personalisation fields' order", () => {
  it("has a handle per card instead of ↑ and ↓", () => {
    render(<Editor initial={fields()} onChange={() => {}} />);
    expect(screen.getAllByRole("button", { name: /^Переместить «/ }).map((button) => button.getAttribute("aria-label"))).toEqual([
      "Переместить «Гравировка»",
      "Переместить «Подарочная упаковка»",
      "Переместить «Открытка»",
    ]);
    expect(screen.queryByRole("button", { name: /Поднять|Опустить/ })).toBeNull();
  });

  it("moves a card with the keyboard: space, an arrow down, space", async () => {
    const changed = vi.fn();
    render(<Editor initial={fields()} onChange={changed} />);
    layOutCards();
    const handle = screen.getByRole("button", { name: "Переместить «Гравировка»" });
    handle.focus();
    // the sensor measures the cards between the keys, as a browser's frames would let it
    const press = async (code: string, key: string) => {
      await act(async () => {
        fireEvent.keyDown(document.activeElement ?? handle, { key, code });
        await new Promise((resolve) => setTimeout(resolve, 30));
      });
    };
    await press("Space", " ");
    await press("ArrowDown", "ArrowDown");
    await press("Space", " ");
    expect(changed).toHaveBeenCalledTimes(1);
    expect(labels()).toEqual(["Подарочная упаковка", "Гравировка", "Открытка"]);
  });
});
