// Sign in. Signed-in visitors and single-user mode go straight on; before the first account exists, to /setup.
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/AuthForm";
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
    <main className="tg-narrow">
      <h1>Sign in to thoughtgraph</h1>
      <AuthForm action="/api/auth/login" submitLabel="Sign in" next={next} />
      <p className="muted tg-small">
        Forgot your password? An admin can set a new one with <code>npm run users -- reset-password --email …</code>.
      </p>
    </main>
  );
}
