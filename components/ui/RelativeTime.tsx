"use client";
// A time as "5 min ago", the absolute date and time on hover (a tooltip, also on keyboard focus) and in the
// <time dateTime> attribute. The words refresh every 30 s. Before hydration it prints the absolute time, so the server's
// HTML and the first client render agree (they run at different instants).
import { useEffect, useState } from "react";
import { cn } from "./cn";
import { absoluteTimeText, relativeTimeText } from "./relative-time";
import { Tooltip, TooltipContent, TooltipTrigger } from "./Tooltip";

const REFRESH_MS = 30_000;

export function RelativeTime({ at, className }: { at: Date | string | number; className?: string }) {
  const date = at instanceof Date ? at : new Date(at);
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const full = absoluteTimeText(date);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <time
          dateTime={date.toISOString()}
          tabIndex={0}
          className={cn("whitespace-nowrap tabular-nums outline-none focus-visible:underline", className)}
        >
          {now ? relativeTimeText(date, now) : full}
        </time>
      </TooltipTrigger>
      <TooltipContent>{full}</TooltipContent>
    </Tooltip>
  );
}
