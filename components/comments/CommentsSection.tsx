"use client";
// The comment threads on one thought (or on the session when thoughtId is null): a box for a new comment, optionally
// anchored to a phrase selected in the thought's text, and each thread with its quoted anchor, replies, and
// Resolve/Reopen; resolved threads are collapsed. Bodies render through the safe Markdown component.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type RefObject } from "react";
import { COMMENT_MAX, type CommentAnchor, type CommentThread, type CommentView } from "@/lib/contracts/comments";
import { errorText } from "@/components/ui/error-text";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Markdown } from "@/components/ui/Markdown";
import { useCan } from "@/components/auth/useCan";
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
      className="tg-comment-box"
      onSubmit={(e) => {
        e.preventDefault();
        if (body.trim() !== "") onSubmit(body, () => setBody(""));
      }}
    >
      <textarea
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
      <div className="tg-comment-actions">
        <button type="submit" disabled={busy || body.trim() === ""}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
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
    <div className="muted tg-small tg-mention-hints">
      Mention:{" "}
      {members.data.map((m) => (
        <button key={m.handle} type="button" className="tg-link" title={m.name} onClick={() => onPick(m.handle)}>
          @{m.handle}
        </button>
      ))}
    </div>
  );
}

function Comment({ c }: { c: CommentView }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const [editing, setEditing] = useState(false);
  const edit = useMutation(trpc.comments.edit.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.comments.delete.mutationOptions({ onSuccess: refresh }));
  if (c.deleted) {
    return (
      <div className="tg-comment" data-testid="comment">
        <p className="muted tg-small">This comment was deleted.</p>
      </div>
    );
  }
  return (
    <div className="tg-comment" data-testid="comment">
      <div className="muted tg-small">
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
            <p className="muted tg-small" data-testid="comment-mentions">
              Mentions {c.mentions.map((h) => `@${h}`).join(", ")}
            </p>
          ) : null}
        </div>
      )}
      {c.mine && !editing ? (
        <div className="tg-comment-actions">
          <button type="button" className="tg-link" onClick={() => setEditing(true)}>
            Edit
          </button>
          <button
            type="button"
            className="tg-link"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ id: c.id })}
          >
            Delete
          </button>
        </div>
      ) : null}
    </div>
  );
}

function Thread({ thread, sessionId, canWrite }: { thread: CommentThread; sessionId: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const reply = useMutation(trpc.comments.create.mutationOptions({ onSuccess: refresh }));
  const resolve = useMutation(trpc.comments.setResolved.mutationOptions({ onSuccess: refresh }));
  const resolved = thread.resolvedAt !== null;
  const quote = thread.anchor ? (
    <blockquote className="tg-comment-quote" data-testid="comment-quote">
      “{thread.anchor.text}”{thread.anchorValid ? null : <span className="muted"> (the text has changed)</span>}
    </blockquote>
  ) : null;
  const toggle = (
    <button
      type="button"
      disabled={resolve.isPending}
      onClick={() => resolve.mutate({ id: thread.root.id, resolved: !resolved })}
    >
      {resolved ? "Reopen" : "Resolve"}
    </button>
  );
  const body = (
    <>
      {quote}
      <Comment c={thread.root} />
      {thread.replies.length > 0 ? (
        <div className="tg-comment-replies" aria-label="Replies">
          {thread.replies.map((r) => (
            <Comment key={r.id} c={r} />
          ))}
        </div>
      ) : null}
      {resolved || !canWrite ? null : (
        <CommentBox
          label="Reply"
          submitLabel="Reply"
          busy={reply.isPending}
          error={reply.error ? errorText(reply.error) : null}
          onSubmit={(b, reset) => reply.mutate({ sessionId, parentId: thread.root.id, body: b }, { onSuccess: reset })}
        />
      )}
      {canWrite ? <div className="tg-comment-actions">{toggle}</div> : null}
    </>
  );
  if (resolved) {
    return (
      <details className="tg-thread is-resolved" data-testid="comment-thread" data-resolved="true">
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
    <div className="tg-thread" data-testid="comment-thread" data-resolved="false">
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

  const takeSelection = () => {
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
  return (
    <section className="tg-comments" aria-label={heading}>
      <h3>
        {heading}
        {threads.length > 0 ? ` (${threads.length})` : ""}
      </h3>
      {comments.isError ? <p role="alert">Could not load comments: {comments.error.message}</p> : null}
      {threads.map((t) => (
        <Thread key={t.root.id} thread={t} sessionId={sessionId} canWrite={canWrite} />
      ))}
      {!canWrite ? (
        <p className="muted tg-small">Your role can read comments; annotators, admins and owners write them.</p>
      ) : null}
      {textRef && canWrite ? (
        <div className="tg-comment-actions">
          <button
            type="button"
            id={COMMENT_ON_SELECTION_ID}
            title="Select a phrase in the text above, then press this (or c)"
            // Keep the text selection: a mousedown on the button would otherwise clear it in some browsers.
            onMouseDown={(e) => e.preventDefault()}
            onClick={takeSelection}
          >
            Comment on selection
          </button>
        </div>
      ) : null}
      {anchor ? (
        <p className="tg-small" data-testid="pending-anchor">
          On “<mark className="tg-anchor">{anchor.text}</mark>”{" "}
          <button type="button" className="tg-link" onClick={() => setAnchor(null)}>
            remove
          </button>
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
