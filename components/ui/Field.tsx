// A labelled form control: the label wraps the control (so `getByLabel` and screen readers pair them without ids),
// with an optional muted hint under it (outside the label, so the control's accessible name stays the label).
import type { ReactNode } from "react";
import { cn } from "./cn";

export function Field({
  label,
  hint,
  children,
  className,
}: {
  label: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("grid min-w-0 gap-1.5", className)}>
      <label className="grid min-w-0 gap-1.5">
        <span className="text-sm font-medium">{label}</span>
        {children}
      </label>
      {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
    </div>
  );
}

/** A form's error line from a REST answer (`{error:{message,suggestion}}`), announced as an alert. */
export function FormError({ error }: { error: { message?: string; suggestion?: string } | null | undefined }) {
  return error ? (
    <p
      role="alert"
      className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
    >
      {error.message}
      {error.suggestion ? ` ${error.suggestion}` : ""}
    </p>
  ) : null;
}
