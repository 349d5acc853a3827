// Sign in. Signed-in visitors and single-user mode go straight on; before the first account exists, to /setup.
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/AuthForm";
import { AuthLayout } from "@/components/shell/AuthLayout";
import { pageActor, safeNextPath } from "@/server/auth/page-actor";
import { getDb } from "@/server/db/client";
import { countPeople } from "@/server/services/accounts";

export const dynamic = "force-dynamic";

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNextPath((await searchParams).next);
  const { actor } = await pageActor();
  if (actor) redirect(next);
  if ((await countPeople(getDb())) === 0) redirect("/setup");
  return (
    <AuthLayout
      title="Sign in to thoughtgraph"
      description="Review what your agents thought, with your team."
      footer={
        <>
          Forgot your password? An admin can set a new one with{" "}
          <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">npm run users -- reset-password</code>.
        </>
      }
    >
      <AuthForm action="/api/auth/login" submitLabel="Sign in" next={next} />
    </AuthLayout>
  );
}
