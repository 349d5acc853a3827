// First run: create the first account, which owns the default project. Gone once anybody exists.
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/auth/AuthForm";
import { AuthLayout } from "@/components/shell/AuthLayout";
import { pageActor } from "@/server/auth/page-actor";
import { getDb } from "@/server/db/client";
import { countPeople } from "@/server/services/accounts";

export const dynamic = "force-dynamic";

export default async function SetupPage() {
  const { actor } = await pageActor();
  if (actor) redirect("/");
  if ((await countPeople(getDb())) > 0) redirect("/login");
  return (
    <AuthLayout
      title="Welcome to thoughtgraph"
      description="Create the first account. It owns the default project, where your agents' sessions arrive; invite your team from Settings afterwards."
    >
      <AuthForm action="/api/auth/signup" submitLabel="Create account" withName next="/" />
    </AuthLayout>
  );
}
