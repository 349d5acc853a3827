"use client";
// How a graph node folds its branch (the session's shared fold state, components/session/useSessionFolds.ts): given
// to nodes by context, so node data stays small and memoized nodes need no callback prop.
import { createContext, useContext } from "react";

export const BranchFoldContext = createContext<((branchKey: string) => void) | null>(null);

export const useBranchFold = () => useContext(BranchFoldContext);
