import { useEffect, useState } from "react";
import { fetchPaymentsEnabled } from "../api/payments";
import { isAbort, logFailure } from "../utils";

/**
 * Whether the panel shows anything of online payment: false until the shop's settings arrive, and when they cannot
 * be read (the panel then works as it does without payments).
 */
export function usePaymentsEnabled(): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchPaymentsEnabled(controller.signal)
      .then(setEnabled)
      .catch((error: unknown) => {
        if (!isAbort(error)) logFailure("payment settings failed to load", error);
      });
    return () => controller.abort();
  }, []);
  return enabled;
}
