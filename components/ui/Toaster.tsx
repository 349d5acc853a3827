"use client";
// Toasts (sonner), themed with the design tokens and following the app theme. Call `toast(...)` from "sonner"
// anywhere in client code; the one <Toaster /> lives in components/ui/Providers.tsx.
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { useTheme } from "./ThemeProvider";

export function Toaster(props: ToasterProps) {
  const { resolved } = useTheme();
  return (
    <Sonner
      theme={resolved}
      className="toaster group"
      position="bottom-right"
      closeButton
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
