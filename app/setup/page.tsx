// First run: create the first account, which owns the default project. Gone once anybody exists.
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/AuthForm";
import { pageActor } from "@/server/auth/page-actor";
import { getDb } from "@/server/db/client";
import { countPeople } from "@/server/services/accounts";

export const dynamic = "force-dynamic";

export default async function SetupPage() {
  const { actor } = await pageActor();
  if (actor) redirect("/");
  if ((await countPeople(getDb())) > 0) redirect("/login");
  return (
    <main className="tg-narrow">
      <h1>Welcome to thoughtgraph</h1>
      <p>
        Create the first account. It owns the default project, where your agents&apos; sessions arrive; invite your team
        from Settings afterwards.
      </p>
      <AuthForm action="/api/auth/signup" submitLabel="Create account" withName next="/" />
    </main>
  );
}
