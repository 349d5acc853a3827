// The session review screen (client-rendered: it streams live updates and can hold 20,000 thoughts).
import Link from "next/link";
import { Suspense } from "react";
import { SessionView } from "@/components/session/SessionView";

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <main className="tg-wide">
      <nav className="tg-crumbs">
        <Link href="/">← Sessions</Link>
      </nav>
      <Suspense fallback={<p className="muted">Loading session…</p>}>
        <SessionView sessionId={decodeURIComponent(id)} />
      </Suspense>
    </main>
  );
}
