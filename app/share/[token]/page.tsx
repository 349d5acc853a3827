// A read-only view of one shared session. The token scopes every request the page makes to that session.
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { SessionView } from "@/components/session/SessionView";
import { TrpcProvider } from "@/components/trpc/TrpcProvider";
import { getDb } from "@/server/db/client";
import { resolveShareToken } from "@/server/services/projects/share-links";

export const dynamic = "force-dynamic";

export default async function SharePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const share = await resolveShareToken(getDb(), token);
  if (!share) notFound();
  return (
    <main className="tg-wide">
      <p className="muted tg-small">Shared read-only view</p>
      <TrpcProvider shareToken={token}>
        <Suspense fallback={<p className="muted">Loading session…</p>}>
          <SessionView sessionId={share.sessionId} readOnly />
        </Suspense>
      </TrpcProvider>
    </main>
  );
}
