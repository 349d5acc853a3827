"use client";
// The project's members: everyone sees who is in it; owners and admins change roles, remove people and make a
// one-time password reset link for someone who cannot sign in (only owners touch owners). The server enforces all of
// it; this only hides what would be refused.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { can, canAssignRole, ROLE_WORDS, type Role } from "@/lib/auth/roles";
import type { MemberView, ProjectSettingsView } from "@/lib/contracts/settings";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmButton } from "@/components/ui/ConfirmButton";
import { MutationError } from "@/components/ui/MutationError";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { NativeSelect } from "@/components/ui/Select";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { OneTimeSecret } from "./OneTimeSecret";
import { codeClass, noteClass, SettingsSection } from "./SettingsSection";
import { absoluteLink, assignableRoles, whoMay } from "./settings-words";

export function MembersSection({ project }: { project: ProjectSettingsView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery({ ...trpc.project.members.queryOptions(), enabled: project.accounts });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.project.members.queryKey() });
  const setRole = useMutation(trpc.project.setRole.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.project.removeMember.mutationOptions({
      // Leaving the project: nothing here is mine to see any more.
      onSuccess: (_, { userId }) => (userId === project.userId ? window.location.assign("/") : refresh()),
    }),
  );
  const manage = can(project.role, "members.manage");
  const [resetLink, setResetLink] = useState<{ email: string; link: string } | null>(null);
  const reset = useMutation(
    trpc.project.createPasswordReset.mutationOptions({
      onSuccess: ({ email, path }) => setResetLink({ email, link: absoluteLink(path) }),
    }),
  );

  if (!project.accounts) {
    return (
      <SettingsSection id="members" title="Members">
        <p className={noteClass}>
          Accounts are off (single-user mode, <code className={codeClass}>THOUGHTGRAPH_SINGLE_USER=1</code>): there are
          no members to manage. Unset it and create the first account at /setup to invite people.
        </p>
      </SettingsSection>
    );
  }

  const mayTouch = (m: MemberView) => manage && canAssignRole(project.role, m.role);

  return (
    <SettingsSection
      id="members"
      title="Members"
      description={
        manage
          ? "Everyone in this project and their role. Owners and admins change roles, remove people and make a " +
            "password reset link for someone who cannot sign in (it works once, for 24 hours)."
          : `Only ${whoMay("members.manage")} can change roles or remove members.`
      }
    >
      {members.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load members: {members.error.message}
        </p>
      ) : null}
      <MutationError error={setRole.error} />
      <MutationError error={remove.error} />
      <MutationError error={reset.error} />
      {resetLink ? (
        <OneTimeSecret
          title={`Password reset link for ${resetLink.email}.`}
          secret={resetLink.link}
          onDone={() => setResetLink(null)}
        />
      ) : null}
      {!members.data ? (
        <SkeletonRows rows={3} label="Loading members" />
      ) : (
        <div className="overflow-hidden rounded-md border">
          <Table aria-label="Members">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Email</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Joined</TableHead>
                {manage ? (
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.data.map((m) => (
                <TableRow key={m.userId} data-testid="member-row">
                  <TableCell className="font-medium">
                    {m.email}
                    {m.userId === project.userId ? (
                      <span className="font-normal text-muted-foreground"> (you)</span>
                    ) : null}
                  </TableCell>
                  <TableCell>{m.name ?? <span className="text-muted-foreground">—</span>}</TableCell>
                  <TableCell>
                    {mayTouch(m) ? (
                      <NativeSelect
                        size="sm"
                        aria-label={`Role of ${m.email}`}
                        value={m.role}
                        disabled={setRole.isPending}
                        onChange={(e) => setRole.mutate({ userId: m.userId, role: e.target.value as Role })}
                      >
                        {assignableRoles(project.role).map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                      </NativeSelect>
                    ) : (
                      <Badge variant="secondary" title={ROLE_WORDS[m.role]}>
                        {m.role}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className="text-muted-foreground">
                    <RelativeTime at={m.joinedAt} />
                  </TableCell>
                  {manage ? (
                    <TableCell className="text-right">
                      {mayTouch(m) ? (
                        <span className="inline-flex items-center gap-1">
                          {m.userId !== project.userId ? (
                            <Button
                              variant="ghost"
                              size="sm"
                              disabled={reset.isPending}
                              aria-label={`Password reset link for ${m.email}`}
                              onClick={() => reset.mutate({ userId: m.userId })}
                            >
                              Reset link
                            </Button>
                          ) : null}
                          <ConfirmButton
                            variant="ghost"
                            disabled={remove.isPending}
                            aria-label={`${m.userId === project.userId ? "Leave" : "Remove"} ${m.email}`}
                            title={m.userId === project.userId ? "Leave this project?" : `Remove ${m.email}?`}
                            description="Their scores and comments stay."
                            confirmLabel={m.userId === project.userId ? "Leave" : "Remove"}
                            onConfirm={() => remove.mutate({ userId: m.userId })}
                          >
                            {m.userId === project.userId ? "Leave" : "Remove"}
                          </ConfirmButton>
                        </span>
                      ) : (
                        <span className="text-xs text-muted-foreground">only owners change owners</span>
                      )}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </SettingsSection>
  );
}
