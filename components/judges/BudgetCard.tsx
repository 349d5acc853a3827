"use client";
// The project's daily judge budget: calls and tokens per UTC day, today's use, and, when it is spent, the line that
// says runs are paused and until when. Owners and admins change it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { formatCount } from "@/lib/words/count-of";
import { formText } from "@/components/settings/settings-words";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { MutationError } from "@/components/ui/MutationError";

const limitOf = (data: FormData, name: string) => {
  const text = formText(data, name).trim();
  return text === "" ? null : Number(text);
};

export function BudgetCard({ manage }: { manage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery({ ...trpc.judges.settings.queryOptions(), refetchInterval: 5_000 });
  const save = useMutation(
    trpc.judges.setSettings.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.judges.settings.queryKey(), data);
        void queryClient.invalidateQueries({ queryKey: trpc.judges.runs.queryKey() });
      },
    }),
  );
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    save.mutate({ dailyCallLimit: limitOf(data, "calls"), dailyTokenLimit: limitOf(data, "tokens") });
  };
  const s = settings.data;
  return (
    <section
      aria-labelledby="budget-heading"
      className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-5 shadow-xs"
    >
      <div className="flex flex-col gap-1">
        <h2 id="budget-heading" className="text-lg font-semibold">
          Daily budget
        </h2>
        <p className="text-sm text-muted-foreground">
          Calls and tokens all judges of this project may use per day (UTC). Runs pause when either is spent.
        </p>
      </div>
      {s ? (
        <>
          <p className="text-sm" data-testid="budget-today">
            Today: {formatCount(s.callsToday)} calls
            {s.dailyCallLimit !== null ? ` of ${formatCount(s.dailyCallLimit)}` : ""}, {formatCount(s.tokensToday)}{" "}
            tokens{s.dailyTokenLimit !== null ? ` of ${formatCount(s.dailyTokenLimit)}` : ""}.
          </p>
          {s.pausedReason ? (
            <p
              role="status"
              className="rounded-md border border-warning/40 bg-warning-muted px-3 py-2 text-sm text-warning"
            >
              {s.pausedReason}
            </p>
          ) : null}
          {manage ? (
            <form className="flex flex-wrap items-end gap-3" aria-label="Daily budget" onSubmit={onSubmit}>
              <Field label="Calls per day" className="w-40">
                <Input
                  name="calls"
                  type="number"
                  min={1}
                  defaultValue={s.dailyCallLimit ?? ""}
                  placeholder="no limit"
                />
              </Field>
              <Field label="Tokens per day" className="w-40">
                <Input
                  name="tokens"
                  type="number"
                  min={1}
                  defaultValue={s.dailyTokenLimit ?? ""}
                  placeholder="no limit"
                />
              </Field>
              <Button type="submit" variant="outline" disabled={save.isPending}>
                Save budget
              </Button>
            </form>
          ) : null}
          <MutationError error={save.error} />
        </>
      ) : null}
    </section>
  );
}
