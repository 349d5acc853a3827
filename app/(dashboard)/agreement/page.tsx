// Score configs and how far reviewers agree on them (single-user dashboard: "you" and the API keys that score).
import { Suspense } from "react";
import { AgreementView } from "@/components/scoring/AgreementView";
import { ConfigManager } from "@/components/scoring/ConfigManager";

export default function AgreementPage() {
  return (
    <main className="tg-wide tg-agreement">
      <h1>Scores and agreement</h1>
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <AgreementView />
      </Suspense>
      <ConfigManager />
    </main>
  );
}
