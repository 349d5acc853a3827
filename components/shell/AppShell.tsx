// The frame of every signed-in page: the top bar above, the page below. Without `me` (a signed-out visitor on the
// 404 page) it shows the brand alone.
import Link from "next/link";
import type { ReactNode } from "react";
import type { MeView } from "@/lib/contracts/auth";
import { AppBar } from "./AppBar";
import { BrandMark } from "./BrandMark";

export function AppShell({ me, children }: { me: MeView | null; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      {me ? (
        <AppBar me={me} />
      ) : (
        <header className="flex h-(--app-bar-height) shrink-0 items-center border-b px-3">
          <Link href="/" className="flex items-center gap-2 px-1.5 text-base font-semibold tracking-tight">
            <BrandMark className="size-5" />
            thoughtgraph
          </Link>
        </header>
      )}
      {children}
    </div>
  );
}
