// Comments that @mention the signed-in person, newest first, each linked to its thought.
import { Suspense } from "react";
import { MentionsList } from "@/components/comments/MentionsList";

export default function MentionsPage() {
  return (
    <main>
      <h1>Mentions</h1>
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <MentionsList />
      </Suspense>
    </main>
  );
}
