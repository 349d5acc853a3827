// Where the theme choice lives and how it becomes the `.dark` class. Shared by the pre-paint script (ThemeScript.tsx,
// which runs before React) and ThemeProvider.tsx, so both read the same key and resolve "system" the same way.
export type Theme = "system" | "light" | "dark";
export const THEME_KEY = "tg-theme";

export function readTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    return saved === "light" || saved === "dark" ? saved : "system";
  } catch {
    return "system"; // storage blocked (privacy mode): follow the system
  }
}
