"use client";
// Two lines of a session's reasoning side by side (lib/graph/compare-paths.ts): what differs between where they end,
// brought forward; the shared path up to the fork, once; then the two lines aligned by step, each thought's full text
// rendered, in one scroll so both sides move together. The sides live in the URL (?left=&right=) so a comparison can
// be shared. Keys: j/k rows, h/l (← →) sides, Enter opens the thought in the session view, d diffs the row's two
// thoughts, x swaps the sides, e goes to the ends, g to the fork.
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftRight } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useMemo } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import { comparePaths, lineNames, MAIN } from "@/lib/graph/compare-paths";
import { retryUnlessNotFound } from "@/components/session/retry-unless-not-found";
import { useLayout } from "@/components/session/useLayout";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { BackLink } from "@/components/ui/BackLink";
import { Button } from "@/components/ui/Button";
import { preloadMarkdown } from "@/components/ui/Markdown";
import { NativeSelect } from "@/components/ui/Select";
import { Skeleton, SkeletonRows } from "@/components/ui/Skeleton";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/Tooltip";
import { CompareRows } from "./CompareRows";

export function CompareView({
  sessionId,
  left,
  right,
}: {
  sessionId: string;
  left: string | null;
  right: string | null;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const outline = useQuery(
    trpc.sessions.outline.queryOptions(
      { id: sessionId },
      { staleTime: Infinity, retry: retryUnlessNotFound, meta: { quietErrors: true } },
    ),
  );
  if (typeof window !== "undefined") preloadMarkdown();
  const thoughts = useMemo(() => outline.data?.thoughts ?? [], [outline.data]);
  const layout = useLayout(thoughts);
  const byId = useMemo(() => new Map<string, OutlineThought>(thoughts.map((t) => [t.id, t])), [thoughts]);
  const names = useMemo(() => lineNames(layout), [layout]);
  // Without sides in the URL: main against the first branch.
  const leftName = left ?? MAIN;
  const rightName = right ?? names.find((n) => n !== leftName) ?? MAIN;
  const result = useMemo(() => comparePaths(layout, leftName, rightName), [layout, leftName, rightName]);

  const go = (l: string, r: string) =>
    router.replace(`${pathname}?left=${encodeURIComponent(l)}&right=${encodeURIComponent(r)}`, { scroll: false });

  if (outline.isPending) {
    return (
      <div className="flex flex-col gap-3 p-4" aria-busy="true" aria-label="Loading comparison">
        <Skeleton className="h-6 w-80" />
        <SkeletonRows rows={8} />
      </div>
    );
  }
  if (outline.isError) {
    const notFound = outline.error.data?.code === "NOT_FOUND";
    return (
      <div className="flex flex-col gap-3 p-6" role="alert">
        <BackLink href="/">Sessions</BackLink>
        <h1 className="text-xl font-semibold">{notFound ? "Session not found" : "Could not load this session"}</h1>
        <p className="text-sm text-muted-foreground">
          {notFound
            ? "It may have been deleted, or the link is mistyped."
            : `${outline.error.message} Reload to try again.`}
        </p>
      </div>
    );
  }
  const session = outline.data.session;
  const sessionHref = `/sessions/${encodeURIComponent(session.id)}`;
  const picker = (side: "left" | "right", value: string) => (
    <label className="flex items-center gap-1.5 text-sm">
      <span className="text-muted-foreground">{side === "left" ? "Left" : "Right"}</span>
      <NativeSelect
        size="sm"
        value={names.includes(value) ? value : ""}
        aria-label={`${side === "left" ? "Left" : "Right"} line`}
        onChange={(e) => (side === "left" ? go(e.target.value, rightName) : go(leftName, e.target.value))}
      >
        {names.includes(value) ? null : <option value="">{value} (not in this session)</option>}
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
  return (
    <div className="tg-compare-view flex min-h-0 flex-1 flex-col">
      <header className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-2 border-b border-border px-4 py-2">
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <BackLink href={sessionHref} className="text-xs">
            {session.title ?? "Session"}
          </BackLink>
          <h1 className="truncate text-lg font-semibold tracking-tight">
            Compare <span className="font-mono">{leftName}</span> with <span className="font-mono">{rightName}</span>
          </h1>
        </div>
        <div role="toolbar" aria-label="Comparison" className="flex flex-wrap items-center gap-2">
          {picker("left", leftName)}
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                variant="outline"
                size="icon-sm"
                aria-label="Swap sides"
                onClick={() => go(rightName, leftName)}
                data-swap
              >
                <ArrowLeftRight aria-hidden />
              </Button>
            </TooltipTrigger>
            <TooltipContent>Swap sides (x)</TooltipContent>
          </Tooltip>
          {picker("right", rightName)}
        </div>
      </header>
      {names.length < 2 ? (
        <p className="p-6 text-sm text-muted-foreground">
          This session has no branches: there is nothing to compare its main line with.{" "}
          <Link href={sessionHref} className="text-primary hover:underline">
            Back to the session
          </Link>
        </p>
      ) : !result.ok ? (
        <div className="flex flex-col gap-2 p-6" role="alert" data-testid="compare-error">
          <p className="text-base font-medium">This comparison cannot be shown.</p>
          <p className="text-sm text-muted-foreground">{result.message}</p>
          <p className="text-sm">
            Try{" "}
            <Link
              className="text-primary hover:underline"
              href={`${pathname}?left=${MAIN}&right=${encodeURIComponent(names.find((n) => n !== MAIN)!)}`}
            >
              {MAIN} with {names.find((n) => n !== MAIN)}
            </Link>
            , or pick two lines above.
          </p>
        </div>
      ) : (
        <CompareRows
          key={`${leftName}|${rightName}`}
          sessionId={session.id}
          sessionHref={sessionHref}
          paths={result.paths}
          thoughts={byId}
          names={{ left: leftName, right: rightName }}
          onSwap={() => go(rightName, leftName)}
        />
      )}
    </div>
  );
}
