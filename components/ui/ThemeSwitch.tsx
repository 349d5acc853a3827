"use client";
// Light / dark / system as three radio items, for a dropdown menu (the user menu), or as segmented buttons where
// there is no menu (login and share pages).
import { Monitor, Moon, Sun } from "lucide-react";
import { DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem } from "./DropdownMenu";
import { useTheme } from "./ThemeProvider";
import type { Theme } from "./theme-storage";
import { ToggleGroup, ToggleGroupItem } from "./ToggleGroup";

const CHOICES: { value: Theme; label: string; Icon: typeof Sun }[] = [
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
];

function isTheme(v: string): v is Theme {
  return v === "light" || v === "dark" || v === "system";
}

export function ThemeMenuItems() {
  const { theme, setTheme } = useTheme();
  return (
    <>
      <DropdownMenuLabel>Theme</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={theme} onValueChange={(v) => isTheme(v) && setTheme(v)}>
        {CHOICES.map(({ value, label, Icon }) => (
          <DropdownMenuRadioItem key={value} value={value}>
            <Icon />
            {label}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}

export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  return (
    <ToggleGroup
      type="single"
      size="sm"
      aria-label="Theme"
      value={theme}
      onValueChange={(v) => isTheme(v) && setTheme(v)}
    >
      {CHOICES.map(({ value, label, Icon }) => (
        <ToggleGroupItem key={value} value={value} aria-label={label} title={label}>
          <Icon />
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
