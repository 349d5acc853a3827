// "← Sessions": the way up from a detail page, in the same place on every page (above the title).
import { ChevronLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "./cn";

export function BackLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={cn("text-sm", className)}>
      {/* No prefetch: the targets are dynamic pages, and prefetching them ran their server work during this page's
          load (see components/shell/AppBar.tsx). */}
      <Link
        href={href}
        prefetch={false}
        className="inline-flex items-center gap-0.5 rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <ChevronLeft className="size-4" aria-hidden />
        {children}
      </Link>
    </nav>
  );
}
