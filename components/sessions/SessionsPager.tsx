"use client";
// Previous / next under the sessions list, with "Page n of m".
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/Button";

export function SessionsPager({ page, pages, go }: { page: number; pages: number; go: (page: number) => void }) {
  return (
    <nav className="flex items-center justify-end gap-2 text-sm text-muted-foreground" aria-label="Pages">
      <span className="mr-2">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => go(page + 1)}>
        Next
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
