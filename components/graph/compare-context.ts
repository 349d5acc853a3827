"use client";
// Where the graph's compare links go (the session's compare view), for nodes: a selected branch node offers "compare
// with main". Null on the share page, which has no compare view.
import { createContext, useContext } from "react";

export type CompareHref = (left: string, right: string) => string;

export const CompareHrefContext = createContext<CompareHref | null>(null);

export const useCompareHref = () => useContext(CompareHrefContext);

/** The lines picked to compare after `line` is picked or unpicked: at most two, the earlier one dropped. Shared by
 *  the graph's picker button and the session view's b key (here, not beside the button, so the session view's keys
 *  do not pull React Flow into the page's first load). */
export const togglePicked = (picked: readonly string[], line: string): string[] =>
  picked.includes(line) ? picked.filter((x) => x !== line) : [...picked, line].slice(-2);
