import { useEffect, useLayoutEffect, useState, type RefObject } from "react";

const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * Whether the element is on screen above the bottom `coveredBottom` pixels (where a sticky footer lies). Known from
 * the first paint (measured before it), then kept by an IntersectionObserver; false where there is none.
 */
export function useOnScreen(ref: RefObject<Element | null>, coveredBottom: number, enabled = true): boolean {
  const [shown, setShown] = useState(false);
  useBrowserLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === "undefined") return;
    const box = element.getBoundingClientRect();
    setShown(box.bottom > 0 && box.top < window.innerHeight - coveredBottom);
    const observer = new IntersectionObserver((entries) => setShown(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: `0px 0px -${coveredBottom}px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, coveredBottom, enabled]);
  return enabled && shown;
}
