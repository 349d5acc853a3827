// One settings section as a card: a heading the section is labelled by, a muted line on what it is for, and its
// content (forms above tables).
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export function SettingsSection({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cn("flex flex-col gap-4 rounded-lg border bg-card p-5 text-card-foreground shadow-xs", className)}
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** A row of form controls that wraps, bottoms aligned (labels above inputs, the button level with the inputs). */
export const formRowClass = "flex flex-wrap items-end gap-3";
/** Muted note inside a section. */
export const noteClass = "text-sm text-muted-foreground";
/** Inline code in settings prose. */
export const codeClass = "rounded bg-muted px-1 py-0.5 font-mono text-xs";
