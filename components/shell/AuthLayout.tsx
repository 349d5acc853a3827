// The frame of the signed-out pages (sign-in, first account, invitation): the brand above a centred card, the theme
// choice in the corner.
import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/ui/ThemeSwitch";
import { BrandMark } from "./BrandMark";

export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <div className="flex justify-end p-3">
        <ThemeToggle />
      </div>
      <main className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center gap-6 px-4 pb-24">
        <div className="flex items-center justify-center gap-2 text-lg font-semibold tracking-tight">
          <BrandMark className="size-7" />
          thoughtgraph
        </div>
        <div className="flex flex-col gap-5 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
          <div className="flex flex-col gap-1.5">
            <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
            {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
          </div>
          {children}
        </div>
        {footer ? <div className="text-center text-sm text-muted-foreground">{footer}</div> : null}
      </main>
    </div>
  );
}
