import { cleanup, render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import RouteError from "./RouteError";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error("витрина сломалась");
}

describe("router error screen", () => {
  it("reads 'Unexpected Application Error!' and says what went wrong", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const router = createMemoryRouter([{ path: "/", Component: Broken, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("Unexpected Application Error!")).toBeTruthy();
    expect(screen.getByText("витрина сломалась")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Перейти в каталог" }).getAttribute("href")).toBe("/");
  });
});
