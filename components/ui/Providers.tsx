"use client";
// Page-wide UI context: the theme, one tooltip provider (shared delay), and the toast outlet. The outlet (sonner,
// ~33 KB of minified script) loads after the page is interactive: no page shows a toast on its first paint, and the
// shell of every dashboard page paid for parsing it before. Rendered without Suspense (on-demand.ts says why).
import type { ReactNode } from "react";
import { onDemand } from "./on-demand";
import { ThemeProvider } from "./ThemeProvider";
import { TooltipProvider } from "./Tooltip";

const toaster = onDemand(() => import("./Toaster").then((m) => m.Toaster));

function Toaster() {
  const loaded = toaster.useLoaded();
  return loaded.state === "loaded" ? <loaded.value /> : null;
}

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
