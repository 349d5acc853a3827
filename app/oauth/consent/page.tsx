// The consent page of the OAuth authorization server: a signed-in person sees which client asks (as it named itself,
// unverified), picks a project and the access to give, and approves or denies. /oauth/authorize sends people here;
// the request's own parameters ride along in the URL and are checked again (server/oauth/consent-view.ts).
import { notFound, redirect } from "next/navigation";
import { headers } from "next/headers";
import { ConsentForm } from "@/components/oauth/ConsentForm";
import { ConsentSummary } from "@/components/oauth/ConsentSummary";
import { SwitchAccount } from "@/components/oauth/SwitchAccount";
import { AuthLayout } from "@/components/shell/AuthLayout";
import { pageActor } from "@/server/auth/page-actor";
import { currentOAuthSettings } from "@/server/config";
import { getDb } from "@/server/db/client";
import { consentView } from "@/server/oauth/consent-view";
import { publicOrigin } from "@/server/oauth/resources";

export const dynamic = "force-dynamic";
export const metadata = { title: "Connect an app · thoughtgraph" };

export default async function ConsentPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[]>>;
}) {
  const settings = currentOAuthSettings();
  if (!settings.enabled) notFound();
  const { actor, path } = await pageActor();
  if (!actor) redirect(`/login?next=${encodeURIComponent(path)}`);
  if (actor.kind !== "user") {
    return (
      <AuthLayout title="Connectors need accounts">
        <p className="text-sm text-muted-foreground">
          This server runs in single-user mode, where nobody signs in, so there is no person to approve a connector as.
          Use an API key in the client&apos;s header instead, or start the server with accounts.
        </p>
      </AuthLayout>
    );
  }
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(await searchParams)) {
    for (const value of Array.isArray(v) ? v : [v]) params.append(k, value);
  }
  const view = await consentView(getDb(), params, publicOrigin(await headers()), settings, actor.user.id);
  if (view.kind === "redirect") redirect(view.location);
  if (view.kind === "unsafe") {
    return (
      <AuthLayout title="This connection request cannot be used">
        <p role="alert" className="text-sm text-destructive">
          {view.message}
        </p>
        <p className="text-sm text-muted-foreground">
          Nothing was shared. Start connecting again from the app, or tell its maker what this page says.
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={`Connect ${view.clientName}?`}
      description={
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span>
            Signed in as <span className="font-medium text-foreground">{actor.user.email}</span>
          </span>
          <SwitchAccount returnTo={path} />
        </span>
      }
    >
      <ConsentSummary view={view} />
      <ConsentForm projects={view.projects} scopes={view.scopes} params={view.params} clientName={view.clientName} />
    </AuthLayout>
  );
}
