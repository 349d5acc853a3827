// A checkbox that is a real <input type="checkbox"> (forms read it with FormData, tests with check()), drawn with the
// design tokens instead of the browser's own box: checked, or mixed when `indeterminate` is set. `CheckboxField` pairs
// it with its label text and a muted note.
import { Check, Minus } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <span className={cn("relative inline-flex size-4 shrink-0", className)}>
      <input
        type="checkbox"
        className="peer size-4 cursor-pointer appearance-none rounded-[4px] border border-input bg-background shadow-xs transition-colors outline-none checked:border-primary checked:bg-primary indeterminate:border-primary indeterminate:bg-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-input/30"
        {...props}
      />
      <Check
        aria-hidden
        strokeWidth={3}
        className="pointer-events-none absolute inset-0 m-auto hidden size-3 text-primary-foreground peer-checked:block"
      />
      {/* Mixed (`indeterminate`, set from script): some of what the box stands for is selected. */}
      <Minus
        aria-hidden
        strokeWidth={3}
        className="pointer-events-none absolute inset-0 m-auto hidden size-3 text-primary-foreground peer-indeterminate:block"
      />
    </span>
  );
}

export function CheckboxField({
  label,
  note,
  className,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { label: ReactNode; note?: ReactNode }) {
  return (
    <label className={cn("flex cursor-pointer items-center gap-2 text-base", className)}>
      <Checkbox {...props} />
      <span>{label}</span>
      {note ? <span className="text-sm text-muted-foreground">{note}</span> : null}
    </label>
  );
}
