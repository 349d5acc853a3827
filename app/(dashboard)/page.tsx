// The sessions list.
import { Suspense } from "react";
import { SessionsTable } from "@/components/sessions/SessionsTable";

export default function SessionsPage() {
  return (
    <main className="tg-wide">
      <h1>Sessions</h1>
      <Suspense fallback={<p className="muted">Loading sessions…</p>}>
        <SessionsTable />
      </Suspense>
    </main>
  );
}
