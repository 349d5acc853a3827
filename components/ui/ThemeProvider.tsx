"use client";
// The theme: "system" (follows prefers-color-scheme live), "light" or "dark", remembered in localStorage and applied
// as the `.dark` class on <html> (ThemeScript.tsx applies it before paint; this keeps it in step afterwards).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { readTheme, THEME_KEY, type Theme } from "./theme-storage";

type ThemeState = { theme: Theme; resolved: "light" | "dark"; setTheme: (t: Theme) => void };
const ThemeContext = createContext<ThemeState>({ theme: "system", resolved: "light", setTheme: () => {} });

const DARK_QUERY = "(prefers-color-scheme: dark)";

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>("system");
  const [systemDark, setSystemDark] = useState(false);
  useEffect(() => {
    // Read after mount: the server cannot know the choice, and ThemeScript already painted the right colours.
    setThemeState(readTheme());
    const media = window.matchMedia(DARK_QUERY);
    setSystemDark(media.matches);
    const onChange = (e: MediaQueryListEvent) => setSystemDark(e.matches);
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);
  const resolved = theme === "dark" || (theme === "system" && systemDark) ? "dark" : "light";
  useEffect(() => {
    document.documentElement.classList.toggle("dark", resolved === "dark");
  }, [resolved]);
  const setTheme = useCallback((t: Theme) => {
    setThemeState(t);
    try {
      if (t === "system") localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, t);
    } catch {
      // storage blocked: the choice lasts for this page only
    }
  }, []);
  const value = useMemo(() => ({ theme, resolved, setTheme }) satisfies ThemeState, [theme, resolved, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  return useContext(ThemeContext);
}
