import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { invalidate, seedFromDocument, useQuery } from "./query";

function Show({ url }: { url: string }) {
  const { data, loading } = useQuery<{ name: string } | null>(url, async () => ({ name: "из сети" }), null);
  return <p>{loading ? "загрузка" : (data?.name ?? "пусто")}</p>;
}

afterEach(() => {
  cleanup();
  invalidate("");
  vi.restoreAllMocks();
});

describe("answers embedded in the page", () => {
  it("renders at once from <script id='shop-data'> without asking the server", () => {
    const script = document.createElement("script");
    script.type = "application/json";
    script.id = "shop-data";
    script.textContent = JSON.stringify({ "/api/products/7": { name: "Ваза \u003c/script>" } });
    document.head.appendChild(script);
    const fetchSpy = vi.spyOn(globalThis, "fetch");

    seedFromDocument();
    render(<Show url="/api/products/7" />);
    expect(screen.getByText("Ваза </script>")).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(document.getElementById("shop-data")).toBeNull();
  });

  it("ignores a broken data script", () => {
    const script = document.createElement("script");
    script.id = "shop-data";
    script.textContent = "{oops";
    document.head.appendChild(script);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(() => seedFromDocument()).not.toThrow();
    render(<Show url="/api/products/8" />);
    expect(screen.getByText("загрузка")).toBeTruthy();
  });
});
