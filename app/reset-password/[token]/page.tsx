// A password reset link, outside the dashboard's sign-in redirect: whoever holds the link sets the member's new
// password here and is signed in. A link that is unknown, used, replaced or expired says so and what to do.
import Link from "next/link";
import { PasswordResetForm } from "@/components/auth/PasswordResetForm";
import { AuthLayout } from "@/components/shell/AuthLayout";
import { FormError } from "@/components/ui/Field";
import { singleUserMode } from "@/server/auth/mode";
import { getDb } from "@/server/db/client";
import { inspectPasswordReset, passwordResetRefusal } from "@/server/services/projects/password-resets";

export const dynamic = "force-dynamic";

export default async function PasswordResetPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  if (singleUserMode()) {
    return (
      <AuthLayout title="Set a new password">
        <p>This server runs in single-user mode: there are no accounts, so there is no password to set.</p>
      </AuthLayout>
    );
  }
  const found = await inspectPasswordReset(getDb(), token);
  if (!found.ok) {
    const refusal = passwordResetRefusal(found.problem);
    return (
      <AuthLayout title="Set a new password">
        <FormError error={{ message: refusal.message, suggestion: refusal.suggestion }} />
        <p className="text-sm">
          <Link href="/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Set a new password"
      description={`For ${found.email}. The link works once; your other sign-ins end when you set it.`}
    >
      <PasswordResetForm token={token} email={found.email} />
    </AuthLayout>
  );
}
