"use client";
// False in the server's HTML and during hydration, true once React owns the page. A control whose work needs the
// client (reading the text selection, say) renders disabled until then: a click on it before hydration did nothing.
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
