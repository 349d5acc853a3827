// Sessions list (plain for now; the full review UI is the dashboard issue).
import Link from "next/link";
import { createCaller } from "@/server/trpc/root";
import { createTrpcContext } from "@/server/trpc/init";

export const dynamic = "force-dynamic";

export default async function SessionsPage() {
  const caller = createCaller(await createTrpcContext());
  const { sessions } = await caller.sessions.list({ limit: 100 });
  return (
    <main>
      <h1>Sessions</h1>
      {sessions.length === 0 ? (
        <p className="muted">
          No sessions yet. Point an agent at <code>POST /api/v1/thoughts</code> (see the README) and its thoughts appear
          here.
        </p>
      ) : (
        <table aria-label="Sessions">
          <thead>
            <tr>
              <th>Title</th>
              <th>Agent</th>
              <th>Status</th>
              <th>Thoughts</th>
              <th>Branches</th>
              <th>Revisions</th>
              <th>Flagged</th>
              <th>Last activity</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id}>
                <td>
                  <Link href={`/sessions/${s.id}`}>{s.title ?? "Untitled"}</Link>
                </td>
                <td>{s.agent ?? "—"}</td>
                <td>{s.status}</td>
                <td>{s.thoughtCount}</td>
                <td>{s.branchCount}</td>
                <td>{s.revisionCount}</td>
                <td>{s.flagCount}</td>
                <td>
                  <time dateTime={s.lastActivityAt}>{s.lastActivityAt.replace("T", " ").slice(0, 19)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
