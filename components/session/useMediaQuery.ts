"use client";
// A CSS media query as React state (useSyncExternalStore: no flash of the wrong layout after hydration on the client).
import { useSyncExternalStore } from "react";

export function useMediaQuery(query: string, serverValue = true): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
