import { cleanup } from "@testing-library/react";
import { vi } from "vitest";

/** After a component test: unmounts what it rendered and undoes its stubbed globals (fetch, alert) and spies. */
export function cleanUpComponentTest(): void {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
