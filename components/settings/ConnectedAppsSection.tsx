"use client";
// Connected apps: the OAuth grants of the project (Claude, ChatGPT and other hosted clients connected through
// /api/mcp), beside the API keys: who approved which app, in which project, with what access, when it was last
// used. Revoking one stops its tokens on the next call. Owners and admins see everyone's; others see their own.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { can } from "@/lib/auth/roles";
import type { ProjectSettingsView } from "@/lib/contracts/settings";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { ConfirmButton } from "@/components/ui/ConfirmButton";
import { MutationError } from "@/components/ui/MutationError";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { TableCell, TableRow } from "@/components/ui/Table";
import { CredentialTable, LoadError, UsedCells } from "./CredentialTable";
import { noteClass, SettingsSection } from "./SettingsSection";

export function ConnectedAppsSection({ project }: { project: ProjectSettingsView }) {
  const all = can(project.role, "keys.manage");
  return (
    <SettingsSection
      id="connected-apps"
      title="Connected apps"
      description={
        all
          ? "Apps that people connected through OAuth (Claude, ChatGPT and other MCP clients). Each acts as the person who approved it, in this project."
          : "Apps you connected through OAuth (Claude, ChatGPT and other MCP clients). Each acts as you, in this project."
      }
    >
      <Grants />
    </SettingsSection>
  );
}

function Grants() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const grants = useQuery(trpc.connectors.grants.queryOptions());
  const revoke = useMutation(
    trpc.connectors.revokeGrant.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.connectors.grants.queryKey() }),
    }),
  );
  if (grants.isError) return <LoadError what="the connected apps" error={grants.error} />;
  if (!grants.data) return <SkeletonRows rows={2} label="Loading connected apps" />;
  if (grants.data.length === 0) {
    return <p className={noteClass}>No app is connected. Add thoughtgraph as a custom connector in your client.</p>;
  }
  return (
    <>
      <MutationError error={revoke.error} />
      <CredentialTable
        label="Connected apps"
        columns={["Person", "App", "Project", "Access"]}
        action={<span className="sr-only">Revoke</span>}
      >
        {grants.data.map((g) => (
          <TableRow key={g.id} data-testid="grant-row">
            <TableCell className="font-medium">{g.person.name ?? g.person.email}</TableCell>
            <TableCell>
              <div className="flex flex-col">
                <span>{g.client.name}</span>
                <span className="text-xs text-muted-foreground">
                  {g.client.origin ? `from ${g.client.origin}` : "self-registered"} · {new URL(g.resource).pathname}
                </span>
              </div>
            </TableCell>
            <TableCell>{g.projectName}</TableCell>
            <TableCell>
              <Badge variant={g.scope === "write" ? "accent" : "secondary"}>
                {g.scope === "write" ? "read, record" : "read"}
              </Badge>
            </TableCell>
            <UsedCells createdAt={g.createdAt} lastUsedAt={g.lastUsedAt} />
            <TableCell className="text-right">
              <ConfirmButton
                variant="ghost"
                disabled={revoke.isPending}
                aria-label={`Revoke ${g.client.name} for ${g.person.email}`}
                title={`Disconnect ${g.client.name}?`}
                description="Its tokens stop working on the next call; the app must be connected again to come back."
                confirmLabel="Revoke access"
                onConfirm={() => revoke.mutate({ id: g.id })}
              >
                Revoke
              </ConfirmButton>
            </TableCell>
          </TableRow>
        ))}
      </CredentialTable>
    </>
  );
}
