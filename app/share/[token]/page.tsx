// A read-only view of one shared session. The token scopes every request the page makes to that session. A
// full-height page like the session view, under a slim bar that says what this is.
import { Eye } from "lucide-react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { SessionView } from "@/components/session/SessionView";
import { BrandMark } from "@/components/shell/BrandMark";
import { TrpcProvider } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { Page } from "@/components/ui/Page";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { ThemeToggle } from "@/components/ui/ThemeSwitch";
import { getDb } from "@/server/db/client";
import { resolveShareToken } from "@/server/services/projects/share-links";

export const dynamic = "force-dynamic";

export default async function SharePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const share = await resolveShareToken(getDb(), token);
  if (!share) notFound();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-(--app-bar-height) shrink-0 items-center gap-3 border-b px-3">
        <Link href="/" className="flex items-center gap-2 px-1.5 text-base font-semibold tracking-tight">
          <BrandMark className="size-5" />
          thoughtgraph
        </Link>
        <Badge variant="secondary">
          <Eye aria-hidden />
          Shared read-only view
        </Badge>
        <span className="flex-1" />
        <ThemeToggle />
      </header>
      <Page width="full">
        <TrpcProvider shareToken={token}>
          <Suspense fallback={<SkeletonRows rows={8} className="p-4" label="Loading session" />}>
            <SessionView sessionId={share.sessionId} readOnly />
          </Suspense>
        </TrpcProvider>
      </Page>
    </div>
  );
}
