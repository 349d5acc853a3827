// An invitation link, outside the dashboard's sign-in redirect: anyone holding the link sees what it offers. A
// signed-in person joins with one button; anyone else creates an account here or signs in and comes back.
import Link from "next/link";
import type { ReactNode } from "react";
import { InviteAccept } from "@/components/settings/InviteAccept";
import { AuthLayout } from "@/components/shell/AuthLayout";
import { FormError } from "@/components/ui/Field";
import { singleUserMode } from "@/server/auth/mode";
import { pageActor } from "@/server/auth/page-actor";
import { getDb } from "@/server/db/client";
import { inspectInvitation, invitationRefusal } from "@/server/services/projects/invitations";

export const dynamic = "force-dynamic";

function Page({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <AuthLayout title="Invitation to thoughtgraph" footer={footer}>
      {children}
    </AuthLayout>
  );
}

const linkClass = "font-medium text-primary hover:underline";

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  if (singleUserMode()) {
    return (
      <Page>
        <p>This server runs in single-user mode: there are no accounts, so invitations do not apply.</p>
      </Page>
    );
  }
  const found = await inspectInvitation(getDb(), token);
  if (!found.ok) {
    const refusal = invitationRefusal(found.problem);
    return (
      <Page>
        <FormError error={{ message: refusal.message, suggestion: refusal.suggestion }} />
        <p className="text-sm">
          <Link href="/" className={linkClass}>
            Go to thoughtgraph
          </Link>
        </p>
      </Page>
    );
  }
  const { projectName, role, email } = found.invitation;
  const { actor } = await pageActor();
  const user = actor?.kind === "user" ? actor.user : null;
  const offer = (
    <p className="text-base">
      You are invited to join <strong>{projectName}</strong> as <strong>{role}</strong>
      {email ? ` (this link is for ${email} only)` : ""}.
    </p>
  );

  if (user) {
    const wrongPerson = email !== null && email !== user.email.toLowerCase();
    return (
      <Page>
        {offer}
        <p className="text-sm text-muted-foreground">Signed in as {user.email}.</p>
        {wrongPerson ? (
          <FormError
            error={{
              message: `This invitation is for ${email}. Sign out, then open the link again and sign in or sign up as ${email}.`,
            }}
          />
        ) : (
          <InviteAccept token={token} projectName={projectName} role={role} email={email} signedIn />
        )}
      </Page>
    );
  }

  const next = `/login?next=${encodeURIComponent(`/invite/${token}`)}`;
  return (
    <Page
      footer={
        <>
          Already have an account?{" "}
          <Link href={next} className={linkClass}>
            Sign in
          </Link>{" "}
          and you will come back here to join.
        </>
      }
    >
      {offer}
      <h2 className="text-lg font-semibold">Create your account</h2>
      <InviteAccept token={token} projectName={projectName} role={role} email={email} signedIn={false} />
    </Page>
  );
}
