"use client";
// The comments that @mention me, newest first: who, where, the comment rendered as markdown, whether the thread is
// resolved, and a link that lands on the comment itself.
import { useQuery } from "@tanstack/react-query";
import { AtSign, CircleCheck } from "lucide-react";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { cn } from "@/components/ui/cn";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { Markdown } from "@/components/ui/Markdown";
import { SkeletonRows } from "@/components/ui/Skeleton";

/** Where a mention's link lands: the comment itself (its thought selected, the comment scrolled to and marked). */
function mentionHref(m: { sessionId: string; thoughtId: string | null; commentId: string }): string {
  const params = new URLSearchParams();
  if (m.thoughtId) params.set("thought", m.thoughtId);
  params.set("comment", m.commentId);
  return `/sessions/${encodeURIComponent(m.sessionId)}?${params.toString()}`;
}

export function MentionsList() {
  const trpc = useTRPC();
  const mentions = useQuery(trpc.comments.mentionsOfMe.queryOptions());
  if (mentions.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load mentions: {mentions.error.message}
      </p>
    );
  }
  if (!mentions.data) return <SkeletonRows rows={5} label="Loading mentions" />;
  if (mentions.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-12 text-center">
        <AtSign className="size-6 text-muted-foreground" aria-hidden />
        <p className="text-base font-medium">No mentions yet</p>
        <p className="text-sm text-muted-foreground">Teammates mention you with @ and your handle in a comment.</p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col divide-y rounded-lg border bg-card" aria-label="Mentions of you">
      {mentions.data.map((m) => (
        <li
          key={m.commentId}
          data-testid="mention"
          data-resolved={m.resolved}
          className={cn("flex flex-col gap-1.5 px-4 py-3", m.resolved && "opacity-70")}
        >
          <div className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-muted-foreground">
            <strong className="font-medium text-foreground">{m.author}</strong>
            <span aria-hidden>·</span>
            <RelativeTime at={m.createdAt} />
            <span aria-hidden>·</span>
            in
            <Link className="font-medium text-primary hover:underline" href={mentionHref(m)}>
              {m.sessionTitle ?? m.sessionId.slice(0, 8)}
              {m.thoughtId ? " (a thought)" : " (the session)"}
            </Link>
            {m.resolved ? (
              <Badge variant="success" className="ml-1">
                <CircleCheck aria-hidden />
                resolved
              </Badge>
            ) : null}
          </div>
          {/* The comment as it reads in its thread: markdown through the same sanitising renderer. */}
          <div className="min-w-0 text-base" data-testid="mention-body">
            <Markdown text={m.body} />
          </div>
        </li>
      ))}
    </ul>
  );
}
