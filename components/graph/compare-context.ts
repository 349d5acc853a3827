"use client";
// Where the graph's compare links go (the session's compare view), for nodes: a selected branch node offers "compare
// with main". Null on the share page, which has no compare view.
import { createContext, useContext } from "react";

export type CompareHref = (left: string, right: string) => string;

export const CompareHrefContext = createContext<CompareHref | null>(null);

export const useCompareHref = () => useContext(CompareHrefContext);
