"use client";
// What the sessions list can do with its sessions, beside its title: queue them for review and export their scores
// as CSV, either the rows selected or, with none selected, every session matching the filter; and, for owners and
// admins, delete the selected ones after a confirmation that says how many.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download, ListPlus, Trash2, X } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useCan } from "@/components/auth/useCan";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { ConfirmButton } from "@/components/ui/ConfirmButton";
import { countOf } from "@/lib/words/count-of";
import { exportHref, queueHref } from "./session-links";
import type { RowSelectionApi } from "./use-row-selection";

export function SessionActions({
  params,
  selection,
  total,
}: {
  params: URLSearchParams;
  selection: RowSelectionApi;
  /** Sessions matching the filter. */
  total: number;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canDelete = useCan("sessions.delete");
  const [done, setDone] = useState<string | null>(null);
  const remove = useMutation(
    trpc.sessions.delete.mutationOptions({
      onSuccess: async ({ deleted }) => {
        selection.clear();
        setDone(`Deleted ${countOf(deleted, "session")}.`);
        await queryClient.invalidateQueries({ queryKey: trpc.sessions.table.queryKey() });
      },
      onError: (error) => setDone(`Could not delete: ${error.message}`),
    }),
  );
  const ids = [...selection.selected];
  const n = ids.length;
  const target = n > 0 ? { ids } : { params };
  const which = n > 0 ? countOf(n, "selected session") : `all ${countOf(total, "matching session")}`;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2" role="group" aria-label="Session actions">
      {/* Announced as the selection changes or a delete ends. */}
      <span className="text-sm text-muted-foreground" role="status" data-testid="selection-status">
        {n > 0 ? `${n} selected` : (done ?? "")}
      </span>
      {n > 0 ? (
        <Button variant="ghost" size="sm" onClick={selection.clear}>
          <X aria-hidden />
          Clear selection
        </Button>
      ) : null}
      <Button asChild variant="outline" size="sm">
        <Link href={queueHref(target)} title={`Make an annotation queue of ${which}`}>
          <ListPlus aria-hidden />
          Queue these
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={exportHref(target)} download title={`Scores of ${which}, one row per score`}>
          <Download aria-hidden />
          Export CSV
        </a>
      </Button>
      {canDelete && n > 0 ? (
        <ConfirmButton
          variant="outline"
          size="sm"
          title={`Delete ${countOf(n, "session")}?`}
          description={`Their thoughts, scores, comments, queue items and share links are deleted with them. This cannot be undone.`}
          confirmLabel={`Delete ${countOf(n, "session")}`}
          disabled={remove.isPending}
          onConfirm={() => remove.mutate({ ids })}
        >
          <Trash2 aria-hidden />
          Delete
        </ConfirmButton>
      ) : null}
    </div>
  );
}
