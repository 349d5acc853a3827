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
      footer="Forgot your password? Ask an owner or admin of your project for a password reset link."
    >
      <AuthForm action="/api/auth/login" submitLabel="Sign in" next={next} />
    </AuthLayout>
  );
}
