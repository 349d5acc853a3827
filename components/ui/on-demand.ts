"use client";
// Code loaded on demand and rendered without Suspense. React.lazy (and next/dynamic, built on it) suspends on the
// first render even when the code has already arrived, shows the fallback, and reveals the content as a Suspense retry,
// which React holds back until 300 ms after the last boundary that changed between fallback and content. With a page's
// other lazy parts revealing around it, the session view's graph appeared 250-300 ms late in 3 of 8 loads of a
// 100-thought session (Chromium trace: a 298 ms timer between the graph's render and its request for code). Here the
// module is plain state: a component renders its placeholder until the module is there, and the module at once when it
// already is. The server and the hydrating client both render the placeholder, so the markup matches.
import { useEffect, useSyncExternalStore } from "react";

export type Loaded<T> = { state: "loading" } | { state: "loaded"; value: T } | { state: "failed" };

export interface OnDemand<T> {
  /** Starts loading (idempotent; a failed load is tried again). */
  preload: () => void;
  /** The module's state in a component, loading it after the first render if nothing has asked yet. */
  useLoaded: () => Loaded<T>;
}

const LOADING: Loaded<never> = { state: "loading" };
const FAILED: Loaded<never> = { state: "failed" };

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let current: Loaded<T> = LOADING;
  let pending: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: Loaded<T>) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const preload = () => {
    if (current.state === "loaded" || pending) return;
    if (current.state === "failed") set(LOADING);
    pending = load().then(
      (value) => set({ state: "loaded", value }),
      (error: unknown) => {
        console.error(error);
        pending = null;
        set(FAILED);
      },
    );
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    preload,
    useLoaded: () => {
      const loaded = useSyncExternalStore(
        subscribe,
        () => current,
        () => LOADING,
      );
      useEffect(preload, []);
      return loaded;
    },
  };
}
