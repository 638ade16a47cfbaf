import { useEffect, useState, type RefObject } from "react";

/**
 * How close the office map's box comes to the window before Google's map is requested: near enough that it
 * is there when the visitor scrolls to it, far enough that the first screen and the page's own scripts have a
 * phone's network to themselves.
 */
export const mapLoadMarginPx = 300;

/**
 * Whether the element has come within `marginPx` of the window (and stays true from then on). False while
 * pre-rendering and until the page has hydrated, so the HTML is the same for every visitor.
 */
export function useNearWindow(ref: RefObject<Element | null>, marginPx: number): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${marginPx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, marginPx, near]);
  return near;
}
