// Every dashboard page requires a signed-in project member (or single-user mode on a loopback bind). A visitor who
// is not signed in goes to /login (or /setup while no account exists) and comes back here afterwards.
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { FirstProject } from "@/components/settings/FirstProject";
import { AppBar } from "@/components/ui/AppBar";
import { meView } from "@/server/auth/actor";
import { pageActor } from "@/server/auth/page-actor";
import { getDb } from "@/server/db/client";
import { countPeople } from "@/server/services/accounts";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { actor, path } = await pageActor();
  if (!actor) {
    if ((await countPeople(getDb())) === 0) redirect("/setup");
    redirect(path === "/" ? "/login" : `/login?next=${encodeURIComponent(path)}`);
  }
  const me = await meView(getDb(), actor);
  return (
    <>
      <AppBar me={me} />
      {actor.access ? (
        children
      ) : (
        <main className="tg-narrow">
          <h1>No project yet</h1>
          <p>
            You are signed in as {me.user?.email}, but you are not a member of any project. Ask a project admin for an
            invitation link, or start a project of your own:
          </p>
          <FirstProject />
        </main>
      )}
    </>
  );
}
