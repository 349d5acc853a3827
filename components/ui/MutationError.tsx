// A failed mutation's message as an alert under its form (Playwright specs find it by role), or nothing while
// there is no error. Failed requests also raise a toast with a retry (components/trpc/TrpcProvider.tsx); this line
// stays beside the control so the reader sees which field to fix.
import { CircleAlert } from "lucide-react";
import { cn } from "./cn";
import { errorText } from "./error-text";

export function MutationError({ error, className }: { error: { message: string } | null; className?: string }) {
  return error ? (
    <p role="alert" className={cn("flex items-start gap-1.5 text-sm text-destructive", className)}>
      <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>{errorText(error)}</span>
    </p>
  ) : null;
}
