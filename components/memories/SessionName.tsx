"use client";
// A session named by its title, its id on hover: the Memories filter row and a memory's detail printed the raw id
// ("01a20974-84ad-7000-8184-2b6db9d83906"). The id shows until the title arrives, and stays if the session is gone.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { cn } from "@/components/ui/cn";

export function SessionName({ id, className }: { id: string; className?: string }) {
  const trpc = useTRPC();
  // The header alone: the outline would bring every thought of the session for its title.
  const title = useQuery(
    trpc.sessions.summary.queryOptions({ id }, { select: (s) => s.title ?? "Untitled session", retry: false }),
  );
  return (
    <Link
      className={cn("truncate font-medium text-foreground underline-offset-2 hover:underline", className)}
      href={`/sessions/${encodeURIComponent(id)}`}
      title={`Session ${id}`}
    >
      {title.data ?? id}
    </Link>
  );
}
