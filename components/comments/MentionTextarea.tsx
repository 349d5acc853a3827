"use client";
// A comment's text box with inline @mention autocomplete: typing "@" (and the start of a handle or a name) opens a
// list of the project's members under the box; ↑/↓ move in it, Enter or Tab inserts "@handle ", Esc closes it, a
// click picks. The box keeps the focus throughout (the list is its aria-activedescendant), so typing goes on.
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { insertMention, matchMembers, mentionAt, type MentionQuery } from "@/lib/comments/mention-query";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { cn } from "@/components/ui/cn";

export function MentionTextarea({
  id,
  label,
  value,
  maxLength,
  autoFocus,
  onChange,
  onSubmitKey,
}: {
  id?: string;
  label: string;
  value: string;
  maxLength: number;
  autoFocus?: boolean;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter. */
  onSubmitKey: () => void;
}) {
  const trpc = useTRPC();
  const members = useQuery({ ...trpc.comments.mentionable.queryOptions(), staleTime: 60_000 });
  const listId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [at, setAt] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const matches = at && members.data ? matchMembers(members.data, at.query) : [];
  const open = matches.length > 0;
  const current = Math.min(active, Math.max(0, matches.length - 1));

  const follow = (el: HTMLTextAreaElement) => {
    const next = el.selectionStart === el.selectionEnd ? mentionAt(el.value, el.selectionStart) : null;
    if (next?.start !== at?.start || next?.query !== at?.query) setActive(0);
    setAt(next);
  };
  const pick = (handle: string) => {
    const el = box.current;
    if (!el || !at) return;
    const out = insertMention(el.value, at, el.selectionStart, handle);
    onChange(out.text);
    setAt(null);
    // The caret after the inserted handle, once React has put the new value in.
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(out.caret, out.caret);
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
      onSubmitKey();
      return;
    }
    if (!open) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + matches.length) % matches.length);
    } else if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      pick(matches[current]!.handle);
    } else if (e.key === "Escape") {
      // Closes the list only, not the dialog or panel around the box.
      e.preventDefault();
      e.stopPropagation();
      setAt(null);
    }
  };

  return (
    <div className="relative">
      <textarea
        ref={box}
        className="min-h-16 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 py-1.5"
        id={id}
        aria-label={label}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${current}` : undefined}
        aria-describedby={`${listId}-hint`}
        value={value}
        maxLength={maxLength}
        rows={2}
        autoFocus={autoFocus}
        onChange={(e) => {
          onChange(e.target.value);
          follow(e.target);
        }}
        onSelect={(e) => follow(e.currentTarget)}
        onBlur={() => setAt(null)}
        onKeyDown={onKeyDown}
      />
      <span id={`${listId}-hint`} className="sr-only">
        Type @ to mention a member; Ctrl+Enter sends.
      </span>
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Members to mention"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-56 overflow-y-auto rounded-md border border-border bg-popover p-1 text-sm text-popover-foreground shadow-md"
        >
          {matches.map((m, i) => (
            <li
              key={m.handle}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              className={cn(
                // One line per member: a long handle ends in an ellipsis (whole in its title and the option's name).
                "flex min-w-0 cursor-pointer items-baseline gap-2 rounded-sm px-2 py-1",
                i === current && "bg-accent text-accent-foreground",
              )}
              // Keep the focus (and the caret) in the box.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(m.handle)}
            >
              <span className="min-w-0 truncate font-mono" title={`@${m.handle}`}>
                @{m.handle}
              </span>
              <span className="truncate text-xs text-muted-foreground">{m.name}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
