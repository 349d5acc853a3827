"use client";
// "Judge": run one of the project's judges on this session (or this queue's sessions) now. Offered to owners and
// admins (a run spends the budget and sends the reasoning to the judge's model); the run's page follows its progress.
// While a run started here is under way the menu follows it, and the page's scores are read again as it ends.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Gavel } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import type { RunTarget } from "@/lib/contracts/judges";
import { useCan } from "@/components/auth/useCan";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/DropdownMenu";

export function RunJudgeMenu({ target, size }: { target: RunTarget; size?: "sm" | "default" }) {
  return useCan("judges.manage") ? <Menu target={target} size={size} /> : null;
}

function Menu({ target, size }: { target: RunTarget; size?: "sm" | "default" }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const judges = useQuery(trpc.judges.list.queryOptions());
  const [following, setFollowing] = useState<string | null>(null);
  const progress = useQuery({
    ...trpc.judges.runDetail.queryOptions({ id: following ?? "" }),
    enabled: following !== null,
    refetchInterval: 1_000,
  });
  const finished = progress.data !== undefined && progress.data.status !== "running";
  const scored = progress.data?.done ?? 0;
  // Scores land as the run's calls end: read them again as each arrives, and stop following once it is over.
  useEffect(() => {
    if (following === null || progress.data === undefined) return;
    void queryClient.invalidateQueries({ queryKey: trpc.scores.pathKey() });
    if (finished) setFollowing(null);
  }, [following, finished, scored, progress.data, queryClient, trpc.scores]);
  const run = useMutation(
    trpc.judges.run.mutationOptions({
      onSuccess: ({ runId, total }, { id }) => {
        setFollowing(runId);
        const name = judges.data?.find((j) => j.id === id)?.name ?? "The judge";
        toast.success(`${name}: ${total} ${total === 1 ? "call" : "calls"} queued.`, {
          action: { label: "Follow", onClick: () => window.location.assign(`/judges/runs/${runId}`) },
        });
        void queryClient.invalidateQueries({ queryKey: trpc.judges.runs.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.scores.pathKey() });
      },
      onError: (error) => toast.error(`Could not start the judge: ${error.message}`),
    }),
  );
  if (!judges.data || judges.data.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size={size}>
          <Gavel aria-hidden />
          Judge
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>
          Run a judge on {target.queueId ? "this queue's sessions" : "this session"}
        </DropdownMenuLabel>
        {judges.data.map((j) => (
          <DropdownMenuItem key={j.id} disabled={run.isPending} onSelect={() => run.mutate({ id: j.id, target })}>
            <span className="truncate">{j.name}</span>
            <span className="ml-auto text-xs text-muted-foreground">
              {j.configName} · {j.target === "thought" ? "each thought" : "session"}
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
