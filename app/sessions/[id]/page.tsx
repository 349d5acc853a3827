// One session's thoughts as text, growing live (the graph view is the dashboard issue).
import Link from "next/link";
import { notFound } from "next/navigation";
import { LiveTranscript } from "@/components/sessions/LiveTranscript";
import { NotFoundError } from "@/server/errors";
import { createCaller } from "@/server/trpc/root";
import { createTrpcContext } from "@/server/trpc/init";

export const dynamic = "force-dynamic";

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = createCaller(await createTrpcContext());
  const graph = await caller.sessions.byId({ id }).catch((error: unknown) => {
    if (error instanceof NotFoundError || (error as { code?: string }).code === "NOT_FOUND") notFound();
    throw error;
  });
  return (
    <main>
      <p>
        <Link href="/">← Sessions</Link>
      </p>
      <h1>{graph.session.title ?? "Untitled session"}</h1>
      <p className="muted">
        {graph.session.status} · {graph.session.agent ?? "unknown agent"} · branches:{" "}
        {graph.branches.map((b) => b.key).join(", ") || "none"}
      </p>
      <LiveTranscript sessionId={graph.session.id} initial={graph.thoughts} />
    </main>
  );
}
