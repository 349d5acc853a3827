"use client";
// Read-only share links for a session: create one (its URL is shown once), see the existing ones, revoke them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCan } from "@/components/auth/useCan";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Share2 } from "lucide-react";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Input";
import { Label } from "@/components/ui/Label";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/Popover";
import { RelativeTime } from "@/components/ui/RelativeTime";

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
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline">
          <Share2 aria-hidden />
          Share
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="flex w-80 flex-col gap-3" aria-label="Share links" role="dialog">
        <p className="text-sm text-muted-foreground">
          Anyone with a link can read this session, nothing else. Revoke it any time.
        </p>
        <Button onClick={() => create.mutate({ sessionId })} disabled={create.isPending} className="self-start">
          Create read-only link
        </Button>
        {created ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="new-share-link">New link (shown once)</Label>
            <Input
              id="new-share-link"
              readOnly
              value={created}
              aria-label="New share link"
              onFocus={(e) => e.target.select()}
            />
          </div>
        ) : null}
        {create.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {create.error.message}
          </p>
        ) : null}
        {(links.data ?? []).length > 0 ? (
          <ul aria-label="Existing links" className="flex flex-col divide-y divide-border text-sm">
            {(links.data ?? []).map((l) => (
              <li key={l.id} className="flex items-center justify-between gap-2 py-1.5">
                <span className="min-w-0 truncate">
                  <code className="font-mono text-xs">{l.prefix}…</code>{" "}
                  <span className="text-muted-foreground">
                    created <RelativeTime at={l.createdAt} />
                  </span>
                </span>
                {l.revokedAt ? (
                  <span className="text-xs text-muted-foreground">revoked</span>
                ) : (
                  <Button variant="ghost" size="sm" onClick={() => revoke.mutate({ id: l.id })}>
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
