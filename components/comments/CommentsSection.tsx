"use client";
// The comment threads on one thought (or on the session when thoughtId is null): a box for a new comment, optionally
// anchored to a phrase selected in the thought's text, and each thread with its quoted anchor, replies, and
// Resolve/Reopen; resolved threads are collapsed. Bodies render through the safe Markdown component.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type RefObject } from "react";
import { ANCHOR_CLASS } from "@/lib/markdown/anchor-marks";
import type { CommentAnchor, CommentThread, CommentView } from "@/lib/contracts/comments";
import { COMMENT_MAX } from "@/lib/contracts/zod-free";
import { errorText } from "@/components/ui/error-text";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { Markdown } from "@/components/ui/Markdown";
import { useCan } from "@/components/auth/useCan";
import { anchorFromTranscript, subscribePending, takePendingAnchor } from "./pending-anchor";
import { anchorFromSelection } from "./selection";

export const COMMENT_ON_SELECTION_ID = "comment-on-selection";
const when = (iso: string) => iso.replace("T", " ").slice(0, 16);

function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.comments.pathKey() });
}

function CommentBox({
  label,
  submitLabel,
  initial = "",
  busy,
  error,
  onSubmit,
  onCancel,
  autoFocus,
  id,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  error: string | null;
  onSubmit: (body: string, reset: () => void) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
  id?: string;
}) {
  const [body, setBody] = useState(initial);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (body.trim() !== "") onSubmit(body, () => setBody(""));
      }}
    >
      <textarea
        className="min-h-16 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 py-1.5"
        id={id}
        aria-label={label}
        value={body}
        maxLength={COMMENT_MAX}
        rows={2}
        autoFocus={autoFocus}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" type="submit" disabled={busy || body.trim() === ""}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="outline" size="sm" type="button" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      <MentionHints onPick={(handle) => setBody((b) => `${b}${b === "" || b.endsWith(" ") ? "" : " "}@${handle} `)} />
      {error ? <p role="alert">{error}</p> : null}
    </form>
  );
}

/** The members one can @mention; a click adds the handle to the comment. */
function MentionHints({ onPick }: { onPick: (handle: string) => void }) {
  const trpc = useTRPC();
  const members = useQuery({ ...trpc.comments.mentionable.queryOptions(), staleTime: 60_000 });
  if (!members.data || members.data.length < 2) return null;
  return (
    <div className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
      Mention:{" "}
      {members.data.map((m) => (
        <Button key={m.handle} type="button" variant="link" size="sm" title={m.name} onClick={() => onPick(m.handle)}>
          @{m.handle}
        </Button>
      ))}
    </div>
  );
}

/** The comment a link points at (?comment=, the Mentions page): scrolled to once and marked. */
function useLinkedComment(ids: readonly string[]): string | null {
  const [linked] = useState(() =>
    typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("comment"),
  );
  const here = linked !== null && ids.includes(linked);
  const done = useRef(false);
  useEffect(() => {
    if (!here || done.current) return;
    done.current = true;
    document.getElementById(`comment-${linked}`)?.scrollIntoView({ block: "center" });
  }, [here, linked]);
  return here ? linked : null;
}

function Comment({ c, linked = false }: { c: CommentView; linked?: boolean }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const [editing, setEditing] = useState(false);
  const edit = useMutation(trpc.comments.edit.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.comments.delete.mutationOptions({ onSuccess: refresh }));
  if (c.deleted) {
    return (
      <div className="flex flex-col gap-1 text-sm" data-testid="comment">
        <p className="text-xs text-muted-foreground">This comment was deleted.</p>
      </div>
    );
  }
  return (
    <div
      className={cn(
        "flex scroll-mt-4 flex-col gap-1 rounded-sm text-sm",
        linked && "bg-primary/5 ring-2 ring-primary/60 ring-offset-2 ring-offset-background",
      )}
      data-testid="comment"
      id={`comment-${c.id}`}
      data-linked={linked ? "true" : undefined}
    >
      <div className="text-xs text-muted-foreground">
        <strong>{c.author}</strong> · <time dateTime={c.createdAt}>{when(c.createdAt)}</time>
        {c.updatedAt !== c.createdAt ? " · edited" : ""}
      </div>
      {editing ? (
        <CommentBox
          label="Edit comment"
          submitLabel="Save"
          initial={c.body}
          busy={edit.isPending}
          error={edit.error ? errorText(edit.error) : null}
          autoFocus
          onSubmit={(body) => edit.mutate({ id: c.id, body }, { onSuccess: () => setEditing(false) })}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div data-testid="comment-body">
          <Markdown text={c.body} />
          {c.mentions.length > 0 ? (
            <p className="text-xs text-muted-foreground" data-testid="comment-mentions">
              Mentions {c.mentions.map((h) => `@${h}`).join(", ")}
            </p>
          ) : null}
        </div>
      )}
      {c.mine && !editing ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="link" size="sm" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button
            type="button"
            variant="link"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ id: c.id })}
          >
            Delete
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Thread({
  thread,
  sessionId,
  canWrite,
  linked,
}: {
  thread: CommentThread;
  sessionId: string;
  canWrite: boolean;
  linked: string | null;
}) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const reply = useMutation(trpc.comments.create.mutationOptions({ onSuccess: refresh }));
  const resolve = useMutation(trpc.comments.setResolved.mutationOptions({ onSuccess: refresh }));
  const resolved = thread.resolvedAt !== null;
  const [replying, setReplying] = useState(false);
  const quote = thread.anchor ? (
    <blockquote
      className="border-l-2 border-border pl-2 text-sm text-muted-foreground italic"
      data-testid="comment-quote"
    >
      “{thread.anchor.text}”
      {thread.anchorValid ? null : <span className="text-muted-foreground"> (the text has changed)</span>}
    </blockquote>
  ) : null;
  const toggle = (
    <Button
      variant="outline"
      size="sm"
      type="button"
      disabled={resolve.isPending}
      onClick={() => resolve.mutate({ id: thread.root.id, resolved: !resolved })}
    >
      {resolved ? "Reopen" : "Resolve"}
    </Button>
  );
  const body = (
    <>
      {quote}
      <Comment c={thread.root} linked={linked === thread.root.id} />
      {thread.replies.length > 0 ? (
        <div className="flex flex-col gap-2 border-l border-border pl-3" aria-label="Replies">
          {thread.replies.map((r) => (
            <Comment key={r.id} c={r} linked={linked === r.id} />
          ))}
        </div>
      ) : null}
      {/* The reply box opens on demand: a thread list with a text box under every thread is a wall of inputs. */}
      {resolved || !canWrite || !replying ? null : (
        <CommentBox
          label="Reply"
          submitLabel="Reply"
          busy={reply.isPending}
          autoFocus
          error={reply.error ? errorText(reply.error) : null}
          onCancel={() => setReplying(false)}
          onSubmit={(b, reset) =>
            reply.mutate(
              { sessionId, parentId: thread.root.id, body: b },
              {
                onSuccess: () => {
                  reset();
                  setReplying(false);
                },
              },
            )
          }
        />
      )}
      {canWrite ? (
        <div className="flex flex-wrap items-center gap-2">
          {resolved || replying ? null : (
            <Button variant="outline" size="sm" onClick={() => setReplying(true)}>
              Reply
            </Button>
          )}
          {toggle}
        </div>
      ) : null}
    </>
  );
  if (resolved) {
    return (
      <details
        open={
          linked !== null && [thread.root.id, ...thread.replies.map((r) => r.id)].includes(linked) ? true : undefined
        }
        className="tg-thread is-resolved flex flex-col gap-2 rounded-md border border-border p-2.5 opacity-80"
        data-testid="comment-thread"
        data-resolved="true"
      >
        <summary>
          Resolved{thread.resolvedBy ? ` by ${thread.resolvedBy}` : ""}:{" "}
          {thread.anchor ? `“${thread.anchor.text}” · ` : ""}
          {thread.root.deleted ? "deleted comment" : thread.root.body.slice(0, 60)}
        </summary>
        {body}
      </details>
    );
  }
  return (
    <div
      className="tg-thread flex flex-col gap-2 rounded-md border border-border p-2.5"
      data-testid="comment-thread"
      data-resolved="false"
    >
      {body}
    </div>
  );
}

/**
 * `textRef` and `text`: the rendered thought text and its raw markdown, for anchoring a comment to a selected phrase
 * (only on a thought's comments).
 */
export function CommentsSection({
  sessionId,
  thoughtId,
  textRef,
  text,
}: {
  sessionId: string;
  thoughtId: string | null;
  textRef?: RefObject<HTMLElement | null>;
  text?: string;
}) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const comments = useQuery(trpc.comments.ofSession.queryOptions({ sessionId }));
  const create = useMutation(trpc.comments.create.mutationOptions({ onSuccess: refresh }));
  const [anchor, setAnchor] = useState<CommentAnchor | null>(null);
  const [anchorError, setAnchorError] = useState<string | null>(null);
  const boxId = `comment-box-${thoughtId ?? "session"}`;
  const canWrite = useCan("comment");

  // A phrase selected in the transcript for this thought (the c key there, or the button below).
  useEffect(() => {
    if (thoughtId === null) return;
    const take = () => {
      const a = takePendingAnchor(thoughtId);
      if (!a) return;
      setAnchor(a);
      setAnchorError(null);
      document.getElementById(boxId)?.focus();
    };
    take();
    return subscribePending(take);
  }, [thoughtId, boxId]);

  const takeSelection = () => {
    const fromTranscript = anchorFromTranscript();
    if (fromTranscript && fromTranscript.thoughtId === thoughtId) {
      if (fromTranscript.error) setAnchorError(fromTranscript.error);
      return;
    }
    if (!textRef?.current || text === undefined) return;
    const sel = window.getSelection();
    if (!sel || sel.isCollapsed) {
      // Nothing selected: just start a comment on the whole thought.
      setAnchorError(null);
      document.getElementById(boxId)?.focus();
      return;
    }
    const got = anchorFromSelection(textRef.current, text);
    if (got.ok) {
      setAnchor(got.anchor);
      setAnchorError(null);
    } else setAnchorError(got.message);
    document.getElementById(boxId)?.focus();
  };

  const threads = comments.data
    ? thoughtId === null
      ? comments.data.session
      : (comments.data.thoughts[thoughtId] ?? [])
    : [];
  const heading = thoughtId === null ? "Session comments" : "Comments";
  const linked = useLinkedComment(threads.flatMap((t) => [t.root.id, ...t.replies.map((r) => r.id)]));
  return (
    <section className="tg-comments flex flex-col gap-3" aria-label={heading}>
      <h3>
        {heading}
        {threads.length > 0 ? ` (${threads.length})` : ""}
      </h3>
      {comments.isError ? <p role="alert">Could not load comments: {comments.error.message}</p> : null}
      {threads.map((t) => (
        <Thread key={t.root.id} thread={t} sessionId={sessionId} canWrite={canWrite} linked={linked} />
      ))}
      {!canWrite ? (
        <p className="text-xs text-muted-foreground">
          Your role can read comments; annotators, admins and owners write them.
        </p>
      ) : null}
      {textRef && canWrite ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            type="button"
            id={COMMENT_ON_SELECTION_ID}
            title="Select a phrase in this thought's text (here or in the transcript), then press this (c)"
            // Keep the text selection: a mousedown on the button would otherwise clear it in some browsers.
            onMouseDown={(e) => e.preventDefault()}
            onClick={takeSelection}
          >
            Comment on selection
          </Button>
        </div>
      ) : null}
      {anchor ? (
        <p className="text-xs" data-testid="pending-anchor">
          On “<mark className={ANCHOR_CLASS}>{anchor.text}</mark>”{" "}
          <Button type="button" variant="link" size="sm" onClick={() => setAnchor(null)}>
            remove
          </Button>
        </p>
      ) : null}
      {anchorError ? <p role="alert">{anchorError}</p> : null}
      {canWrite ? (
        <CommentBox
          id={boxId}
          label={thoughtId === null ? "Comment on the session" : "Comment on this thought"}
          submitLabel="Comment"
          busy={create.isPending}
          error={create.error ? errorText(create.error) : null}
          onSubmit={(body, reset) =>
            create.mutate(
              {
                sessionId,
                ...(thoughtId !== null ? { thoughtId } : {}),
                ...(anchor ? { anchor } : {}),
                body,
              },
              {
                onSuccess: () => {
                  reset();
                  setAnchor(null);
                },
              },
            )
          }
        />
      ) : null}
    </section>
  );
}
