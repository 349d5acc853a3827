"use client";
// Where the graph's compare links go (the session's compare view), for nodes: a selected branch node offers "compare
// with main". Null on the share page, which has no compare view.
import { createContext, useContext } from "react";

export type CompareHref = (left: string, right: string) => string;

export const CompareHrefContext = createContext<CompareHref | null>(null);

export const useCompareHref = () => useContext(CompareHrefContext);

/** The graph's "pick this line" button: the session view's b key presses it (here, not beside the button, so the
 *  session view's keys do not pull React Flow into the page's first load). */
export const PICK_LINE_ID = "pick-line";
