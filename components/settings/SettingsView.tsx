"use client";
// The settings page: the project, its members, invitation links, API keys and connected apps, each shown to the roles that may use
// it (the others see it read-only or a line saying who can).
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { ApiKeysSection } from "./ApiKeysSection";
import { ConnectedAppsSection } from "./ConnectedAppsSection";
import { InvitationsSection } from "./InvitationsSection";
import { MembersSection } from "./MembersSection";
import { ModelConnectionsSection } from "./ModelConnectionsSection";
import { ProjectSection } from "./ProjectSection";
import { ReasoningSection } from "./ReasoningSection";

export function SettingsView() {
  const trpc = useTRPC();
  const current = useQuery(trpc.project.current.queryOptions());
  if (current.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the settings: {current.error.message}
      </p>
    );
  }
  if (!current.data) return <SkeletonRows rows={6} label="Loading settings" />;
  const project = current.data;
  return (
    <div className="flex flex-col gap-6">
      <ProjectSection project={project} />
      <MembersSection project={project} />
      <InvitationsSection project={project} />
      <ApiKeysSection project={project} />
      <ConnectedAppsSection project={project} />
      <ReasoningSection project={project} />
      <ModelConnectionsSection project={project} />
    </div>
  );
}
