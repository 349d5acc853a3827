// Annotation queues: the list with progress, and the new-queue form (also reached from the sessions list).
import { Suspense } from "react";
import { QueueList } from "@/components/queues/QueueList";

export default function QueuesPage() {
  return (
    <main className="tg-wide tg-queues">
      <h1>Annotation queues</h1>
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <QueueList />
      </Suspense>
    </main>
  );
}
