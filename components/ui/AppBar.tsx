"use client";
// The top bar: product name, navigation and the light/dark theme switch (remembered in localStorage).
import Link from "next/link";
import { useEffect, useState } from "react";

type Theme = "system" | "light" | "dark";
const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };

export function AppBar() {
  const [theme, setTheme] = useState<Theme>("system");
  useEffect(() => {
    const saved = localStorage.getItem("tg-theme");
    if (saved === "light" || saved === "dark") setTheme(saved);
  }, []);
  useEffect(() => {
    if (theme === "system") {
      document.documentElement.removeAttribute("data-theme");
      localStorage.removeItem("tg-theme");
    } else {
      document.documentElement.setAttribute("data-theme", theme);
      localStorage.setItem("tg-theme", theme);
    }
  }, [theme]);
  return (
    <header className="tg-app-bar">
      <Link href="/" className="tg-brand">
        thoughtgraph
      </Link>
      <Link href="/">Sessions</Link>
      <Link href="/agreement">Scores &amp; agreement</Link>
      <span className="tg-spacer" />
      <button type="button" onClick={() => setTheme(NEXT[theme])} aria-label={`Theme: ${theme}. Switch theme`}>
        Theme: {theme}
      </button>
    </header>
  );
}
