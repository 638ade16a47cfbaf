import { useSyncExternalStore } from "react";

declare const __BUILD_YEAR__: number;

const noSubscription = () => () => {};

/**
 * The current year for the copyright line. The page was rendered at build time, so hydration first uses the
 * build year (matching the HTML), then shows the visitor's year: a site built in December stays right in January.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}
