"use client";
// The comments that @mention me, newest first: who, where, an excerpt, and whether the thread is resolved.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/TrpcProvider";

const when = (iso: string) => iso.replace("T", " ").slice(0, 16);

export function MentionsList() {
  const trpc = useTRPC();
  const mentions = useQuery(trpc.comments.mentionsOfMe.queryOptions());
  if (mentions.isError) return <p role="alert">Could not load mentions: {mentions.error.message}</p>;
  if (!mentions.data) return <p className="muted">Loading…</p>;
  if (mentions.data.length === 0) {
    return <p className="muted">Nobody has mentioned you yet. Teammates mention you with @ and your handle.</p>;
  }
  return (
    <ul className="tg-mentions" aria-label="Mentions of you">
      {mentions.data.map((m) => (
        <li key={m.commentId} data-testid="mention" data-resolved={m.resolved}>
          <div className="muted tg-small">
            <strong>{m.author}</strong> · <time dateTime={m.createdAt}>{when(m.createdAt)}</time> · in{" "}
            <Link
              href={`/sessions/${encodeURIComponent(m.sessionId)}${m.thoughtId ? `?thought=${encodeURIComponent(m.thoughtId)}` : ""}`}
            >
              {m.sessionTitle ?? m.sessionId.slice(0, 8)}
              {m.thoughtId ? " (a thought)" : " (the session)"}
            </Link>
            {m.resolved ? " · resolved" : ""}
          </div>
          {/* An excerpt of the markdown source, shown as text (the full comment renders safely on its page). */}
          <p>{m.excerpt}</p>
        </li>
      ))}
    </ul>
  );
}
