"use client";
// The session header's link to the memories an agent remembered during this session: "Memories (n)",
// opening the Memories page filtered to the session. Nothing when the session has none, so sessions of agents that
// never call `remember` keep their header as it was.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { buttonVariants } from "@/components/ui/Button";

export function SessionMemoriesLink({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC();
  const memories = useQuery(trpc.memories.ofSession.queryOptions({ sessionId }));
  const n = memories.data?.length ?? 0;
  if (n === 0) return null;
  return (
    <Link
      href={`/memories?session=${encodeURIComponent(sessionId)}`}
      className={buttonVariants({ variant: "outline" })}
      title="Memories the agent remembered during this session"
      prefetch={false}
    >
      Memories ({n})
    </Link>
  );
}
