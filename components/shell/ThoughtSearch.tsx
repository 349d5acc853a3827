"use client";
// The app bar's search box (issue 15): finds thoughts across every session of the project through the full-text
// index (words, AND, OR, NOT, "phrases"), shows each hit's snippet with its matches marked, and opens the thought in
// its session (?thought=). Enter opens the first hit; Escape closes the list.
import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useRouter } from "next/navigation";
import { useDeferredValue, useId, useState } from "react";
import { Highlighted } from "@/components/search/Highlighted";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { inputClass } from "@/components/ui/Input";
import { cn } from "@/components/ui/cn";

/** Characters before a query is sent: one letter matches too much to be useful. */
const MIN_QUERY = 2;

export function ThoughtSearch() {
  const trpc = useTRPC();
  const router = useRouter();
  const listId = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const q = useDeferredValue(text.trim());
  const results = useQuery({
    ...trpc.search.thoughts.queryOptions({ q, limit: 8, offset: 0 }),
    enabled: open && q.length >= MIN_QUERY,
    retry: false,
  });
  const hits = results.data?.hits ?? [];
  const go = (sessionId: string, thoughtId: string) => {
    setOpen(false);
    router.push(`/sessions/${encodeURIComponent(sessionId)}?thought=${encodeURIComponent(thoughtId)}`);
  };

  return (
    <div className="relative hidden w-56 md:block" role="search" aria-label="Search thoughts">
      <Search aria-hidden className="pointer-events-none absolute top-2 left-2 size-4 text-muted-foreground" />
      <input
        type="search"
        aria-label="Search every thought"
        role="combobox"
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={open && q.length >= MIN_QUERY}
        placeholder="Search thoughts…"
        className={cn(inputClass, "h-8 pl-8 text-sm")}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === "Escape") setOpen(false);
          if (e.key === "Enter" && hits[0]) go(hits[0].sessionId, hits[0].thoughtId);
        }}
      />
      {open && q.length >= MIN_QUERY ? (
        <div
          id={listId}
          className="absolute top-9 right-0 z-50 max-h-[70vh] w-[28rem] overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {results.error ? (
            <p className="p-2 text-sm text-destructive">{results.error.message}</p>
          ) : results.isPending ? (
            <p className="p-2 text-sm text-muted-foreground">Searching…</p>
          ) : hits.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground">No thought matches.</p>
          ) : (
            <ul aria-label="Matching thoughts">
              {hits.map((h) => (
                <li key={h.thoughtId}>
                  <button
                    type="button"
                    className="w-full rounded-sm p-2 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => go(h.sessionId, h.thoughtId)}
                  >
                    <span className="block truncate text-xs text-muted-foreground">
                      {h.sessionTitle ?? h.sessionId} · thought {h.thoughtNumber}
                      {h.matchedVersion === "current" ? "" : ` · earlier version ${h.matchedVersion}`}
                    </span>
                    <span className="line-clamp-3">
                      {h.snippet.cutStart ? "… " : ""}
                      <Highlighted text={h.snippet.text} ranges={h.snippet.ranges} />
                      {h.snippet.cutEnd ? " …" : ""}
                    </span>
                  </button>
                </li>
              ))}
              {results.data && results.data.total > hits.length ? (
                <li className="p-2 text-xs text-muted-foreground">
                  {results.data.totalExact ? "" : "At least "}
                  {results.data.total - hits.length} more: refine the words, or use GET /api/v1/search.
                </li>
              ) : null}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
