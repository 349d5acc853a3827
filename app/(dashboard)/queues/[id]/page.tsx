// One annotation queue: progress, reviewers, configs and "Start reviewing".
import Link from "next/link";
import { Suspense } from "react";
import { QueueOverview } from "@/components/queues/QueueOverview";

export default async function QueuePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <main className="tg-wide tg-queues">
      <nav className="tg-crumbs">
        <Link href="/queues">← Queues</Link>
      </nav>
      <Suspense fallback={<p className="muted">Loading queue…</p>}>
        <QueueOverview queueId={decodeURIComponent(id)} />
      </Suspense>
    </main>
  );
}
