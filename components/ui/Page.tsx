// Content width rules, one place: every dashboard page is a <Page>. "contained" pages (lists, settings, agreement)
// are at most 80 rem (1280 px) wide and centred with 24 px gutters; "full" pages (the session view, the review
// screen) take the window's width and exactly the height below the app bar, so their panes scroll inside themselves.
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

export function Page({
  width = "contained",
  className,
  ...props
}: ComponentProps<"main"> & { width?: "contained" | "narrow" | "full" }) {
  return (
    <main
      className={cn(
        width === "full"
          ? "flex h-[calc(100dvh-var(--app-bar-height))] min-h-0 w-full flex-col overflow-hidden"
          : "mx-auto flex w-full flex-col gap-6 px-6 pt-6 pb-12",
        width === "contained" && "max-w-(--container-page)",
        width === "narrow" && "max-w-2xl",
        className,
      )}
      {...props}
    />
  );
}

/** The page's title row: an h1, an optional muted line under it, actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  className,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <header className={cn("flex flex-wrap items-start justify-between gap-x-6 gap-y-3", className)}>
      <div className="flex min-w-0 flex-col gap-1">
        {children}
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="max-w-prose text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}
