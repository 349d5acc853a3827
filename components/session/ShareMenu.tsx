"use client";
// Read-only share links for a session: create one (its URL is shown once), see the existing ones, revoke them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCan } from "@/components/auth/useCan";
import { useTRPC } from "@/components/trpc/TrpcProvider";

/** Only for roles that manage share links (admins and owners); nobody else is offered it. */
export function ShareMenu({ sessionId }: { sessionId: string }) {
  return useCan("share.manage") ? <ShareLinks sessionId={sessionId} /> : null;
}

function ShareLinks({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const links = useQuery({ ...trpc.sessions.shareLinks.queryOptions({ sessionId }), enabled: open });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.sessions.shareLinks.queryKey({ sessionId }) });
  const create = useMutation(
    trpc.sessions.createShareLink.mutationOptions({
      onSuccess: (r) => {
        setCreated(`${window.location.origin}${r.path}`);
        void refresh();
      },
    }),
  );
  const revoke = useMutation(trpc.sessions.revokeShareLink.mutationOptions({ onSuccess: () => void refresh() }));
  return (
    <div className="tg-share">
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Share
      </button>
      {open ? (
        <div className="tg-popover" role="dialog" aria-label="Share links">
          <p className="muted tg-small">Anyone with a link can read this session, nothing else. Revoke it any time.</p>
          <button type="button" onClick={() => create.mutate({ sessionId })} disabled={create.isPending}>
            Create read-only link
          </button>
          {created ? (
            <p>
              <label>
                New link (shown once){" "}
                <input readOnly value={created} aria-label="New share link" onFocus={(e) => e.target.select()} />
              </label>
            </p>
          ) : null}
          {create.isError ? <p role="alert">{create.error.message}</p> : null}
          <ul aria-label="Existing links">
            {(links.data ?? []).map((l) => (
              <li key={l.id}>
                <code>{l.prefix}…</code> created {l.createdAt.slice(0, 16).replace("T", " ")}{" "}
                {l.revokedAt ? (
                  <span className="muted">revoked</span>
                ) : (
                  <button type="button" onClick={() => revoke.mutate({ id: l.id })}>
                    Revoke
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
