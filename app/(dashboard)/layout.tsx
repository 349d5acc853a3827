// Every dashboard page requires a signed-in project member (or single-user mode on a loopback bind). A visitor who
// is not signed in goes to /login (or /setup while no account exists) and comes back here afterwards. The app shell
// (components/shell/AppShell.tsx) wraps every page; each page sets its width with components/ui/Page.tsx.
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { FirstProject } from "@/components/settings/FirstProject";
import { AppShell } from "@/components/shell/AppShell";
import { Page, PageHeader } from "@/components/ui/Page";
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
    <AppShell me={me}>
      {actor.access ? (
        children
      ) : (
        <Page width="narrow">
          <PageHeader
            title="No project yet"
            description={`You are signed in as ${me.user?.email ?? "a person"}, but you are not a member of any project. Ask a project admin for an invitation link, or start a project of your own.`}
          />
          <FirstProject />
        </Page>
      )}
    </AppShell>
  );
}
