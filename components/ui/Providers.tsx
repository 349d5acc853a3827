"use client";
// Page-wide UI context: the theme, one tooltip provider (shared delay), and the toast outlet.
import type { ReactNode } from "react";
import { ThemeProvider } from "./ThemeProvider";
import { Toaster } from "./Toaster";
import { TooltipProvider } from "./Tooltip";

export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </ThemeProvider>
  );
}
