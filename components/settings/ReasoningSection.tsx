"use client";
// The project's reasoning settings: whether detect_bias and detect_emotion run on every thought as it is
// written. Owners and admins change it; everyone else sees it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { can } from "@/lib/auth/roles";
import type { ProjectSettingsView } from "@/lib/contracts/settings";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Label } from "@/components/ui/Label";
import { MutationError } from "@/components/ui/MutationError";
import { Switch } from "@/components/ui/Switch";
import { noteClass, SettingsSection } from "./SettingsSection";
import { whoMay } from "./settings-words";

export function ReasoningSection({ project }: { project: ProjectSettingsView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.reasoning.settings.queryOptions());
  const set = useMutation(
    trpc.reasoning.setDetectOnWrite.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.reasoning.settings.queryKey(), data),
    }),
  );
  const mayChange = can(project.role, "members.manage");
  const on = settings.data?.detectOnWrite ?? false;
  return (
    <SettingsSection
      id="reasoning"
      title="Reasoning"
      description="Metacognitive checks of the agents' thoughts, shown in the session view's detail panel and as badges on graph nodes."
    >
      <div className="flex items-center gap-3">
        <Switch
          id="detect-on-write"
          checked={on}
          disabled={!mayChange || settings.data === undefined || set.isPending}
          onCheckedChange={(checked) => set.mutate({ detectOnWrite: checked })}
        />
        <Label htmlFor="detect-on-write">Detect biases and emotions in every thought as it is written</Label>
      </div>
      <p className={noteClass}>
        Off by default. When on, each new thought is checked by rules and word lists (no model, no network) after it is
        stored; a bias found or an emotion recognised is kept on the thought.
        {mayChange ? "" : ` Only ${whoMay("members.manage")} change it.`}
      </p>
      <MutationError error={set.error} />
    </SettingsSection>
  );
}
