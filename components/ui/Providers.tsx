"use client";
// Page-wide UI context: the theme, one tooltip provider (shared delay), and the toast outlet. The outlet (sonner,
// ~33 KB of minified script) loads after the page is interactive: no page shows a toast on its first paint, and the
// shell of every dashboard page paid for parsing it before.
import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import { ThemeProvider } from "./ThemeProvider";
import { TooltipProvider } from "./Tooltip";

const Toaster = dynamic(() => import("./Toaster").then((m) => m.Toaster), { ssr: false });

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
