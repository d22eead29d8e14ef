import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductCard } from "@shop/shared/schemas/catalog";
import { formatPrice } from "@shop/shared/format";
import { IN_STOCK_ALTERNATIVES_TITLE, InStockAlternatives } from "./InStockAlternatives";
import { BackInStockLink, notifyStartParam } from "./BackInStockButton";

/** A sold-out product's first screen: in-stock alternatives, and on the website the bot's 'Сообщить о поступлении'. */

const card = (id: number, name: string, stock: number | null, madeToOrder: number | null = null): ProductCard => ({
  id,
  name,
  price: 1000 + id,
  sku: `HM-00000${id}`,
  images: [],
  stock,
  made_to_order_days: madeToOrder,
});

afterEach(cleanup);

const renderIn = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe("in-stock alternatives", () => {
  it("shows the first three that can be ordered now, in the similar products' order, each linking to its page", () => {
    renderIn(
      <InStockAlternatives
        products={[card(1, "Ваза «Лён»", 2), card(2, "Ваза «Гжель»", 0), card(3, "Кувшин", 0, 14), card(4, "Кружка", null), card(5, "Тарелка", 5)]}
      />,
    );
    expect(screen.getByRole("heading", { name: IN_STOCK_ALTERNATIVES_TITLE })).toBeTruthy();
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/product/1", "/product/3", "/product/4"]);
    expect(links[0]!.textContent).toContain("Ваза «Лён»");
    expect(links[0]!.textContent).toContain(formatPrice(1001));
  });

  it("is not there when nothing similar can be ordered", () => {
    const { container } = renderIn(<InStockAlternatives products={[card(2, "Ваза «Гжель»", 0)]} />);
    expect(container.textContent).toBe("");
  });
});

describe("'Сообщить о поступлении' on the website", () => {
  it("links to the shop's bot with the start parameter that subscribes to the product or its variant", () => {
    renderIn(<BackInStockLink botLink="https://t.me/remeslo_bot" productId={12} />);
    const link = screen.getByRole("link", { name: "Сообщить о поступлении" });
    expect(link.getAttribute("href")).toBe("https://t.me/remeslo_bot?start=notify_12");
    expect(notifyStartParam(12, 34)).toBe("notify_12_34");
  });

  it("is not there without a bot", () => {
    const { container } = renderIn(<BackInStockLink botLink={null} productId={12} />);
    expect(container.textContent).toBe("");
  });
});
