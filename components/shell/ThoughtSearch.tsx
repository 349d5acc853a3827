"use client";
// The app bar's search box: finds thoughts across every session of the project through the full-text
// index (words, AND, OR, NOT, "phrases"), shows each hit's snippet with its matches marked, and opens the thought in
// its session (?thought=). ArrowDown/ArrowUp move through the hits (a combobox with aria-activedescendant, so focus
// stays in the box), Enter opens the active hit (the first when none is active); Escape closes the list.
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
  /** Index of the hit the arrow keys picked; -1: none (Enter opens the first). */
  const [active, setActive] = useState(-1);
  const q = useDeferredValue(text.trim());
  const results = useQuery({
    ...trpc.search.thoughts.queryOptions({ q, limit: 8, offset: 0 }),
    enabled: open && q.length >= MIN_QUERY,
    retry: false,
  });
  const hits = results.data?.hits ?? [];
  const shown = open && q.length >= MIN_QUERY;
  const optionId = (i: number) => `${listId}-hit-${i}`;
  const go = (sessionId: string, thoughtId: string) => {
    setOpen(false);
    setActive(-1);
    router.push(`/sessions/${encodeURIComponent(sessionId)}?thought=${encodeURIComponent(thoughtId)}`);
  };

  return (
    // 160 px below 1024 px: at 768 px the bar holds the icon links (eight with Judges), this box, the shortcuts
    // button and the account menu only so (at 192 px the box overlapped the links by 12 px).
    <div className="relative hidden w-40 md:block lg:w-56" role="search" aria-label="Search thoughts">
      <Search aria-hidden className="pointer-events-none absolute top-2 left-2 size-4 text-muted-foreground" />
      <input
        type="search"
        aria-label="Search every thought"
        role="combobox"
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={shown}
        aria-activedescendant={shown && hits[active] ? optionId(active) : undefined}
        // Whole in the 160 px box below 1024 px: 116 px beside the icon and padding, and "Search thoughts…" takes 120.
        placeholder="Search…"
        className={cn(inputClass, "h-8 pl-8 text-sm")}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            setOpen(false);
            setActive(-1);
          } else if ((e.key === "ArrowDown" || e.key === "ArrowUp") && hits.length > 0) {
            e.preventDefault(); // keep the caret where it is
            setOpen(true);
            const step = e.key === "ArrowDown" ? 1 : -1;
            // From "none", ArrowDown picks the first hit and ArrowUp the last; both wrap around.
            setActive((i) => (i < 0 ? (step > 0 ? 0 : hits.length - 1) : (i + step + hits.length) % hits.length));
          } else if (e.key === "Enter") {
            const hit = hits[active] ?? hits[0];
            if (hit) go(hit.sessionId, hit.thoughtId);
          }
        }}
      />
      {shown ? (
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
            <>
              <ul role="listbox" aria-label="Matching thoughts">
                {hits.map((h, i) => (
                  // An option is clicked directly (no button inside: an option's children are presentational).
                  <li
                    key={h.thoughtId}
                    id={optionId(i)}
                    data-thought-id={h.thoughtId}
                    role="option"
                    aria-selected={i === active}
                    className={cn(
                      "cursor-pointer rounded-sm p-2 text-left text-sm hover:bg-accent",
                      i === active && "bg-accent",
                    )}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => go(h.sessionId, h.thoughtId)}
                  >
                    {/* The session's title is cut, never the thought's number (titles are often a long first thought). */}
                    <span className="flex gap-1 text-xs text-muted-foreground">
                      <span className="min-w-0 truncate">{h.sessionTitle ?? h.sessionId}</span>
                      <span className="shrink-0">
                        · thought {h.thoughtNumber}
                        {h.matchedVersion === "current" ? "" : ` · earlier version ${h.matchedVersion}`}
                      </span>
                    </span>
                    <span className="line-clamp-3">
                      {h.snippet.cutStart ? "… " : ""}
                      <Highlighted text={h.snippet.text} ranges={h.snippet.ranges} />
                      {h.snippet.cutEnd ? " …" : ""}
                    </span>
                  </li>
                ))}
              </ul>
              {results.data && results.data.total > hits.length ? (
                <p className="p-2 text-xs text-muted-foreground" data-testid="search-more">
                  {results.data.totalExact ? "" : "At least "}
                  {results.data.total - hits.length} more: refine the words, or use GET /api/v1/search.
                </p>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
