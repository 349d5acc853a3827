// Class-name joining for components: clsx for conditions, tailwind-merge so a caller's `className` wins over the
// component's own classes (`cn("px-3", "px-2")` is "px-2").
//
// components/ui holds the design system: primitives written the way shadcn/ui writes them (on Radix, styled with the
// tokens in app/globals.css) plus shared widgets with no feature knowledge. One naming scheme in this folder, the
// project's: PascalCase for component files (Button.tsx, DropdownMenu.tsx), kebab-case for everything else (cn.ts,
// live-words.ts). Nothing here imports a feature folder (eslint.config.js enforces it).
import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
