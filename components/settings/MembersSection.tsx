"use client";
// The project's members: everyone sees who is in it; owners and admins change roles and remove people (only owners
// touch owners). The server enforces all of it; this only hides what would be refused.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { can, canAssignRole, ROLE_WORDS, type Role } from "@/lib/auth/roles";
import type { MemberView, ProjectSettingsView } from "@/lib/contracts/settings";
import { MutationError } from "@/components/ui/MutationError";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { assignableRoles, when, whoMay } from "./settings-words";

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

  if (!project.accounts) {
    return (
      <section aria-labelledby="members-heading" className="tg-settings-section">
        <h2 id="members-heading">Members</h2>
        <p className="muted">
          Accounts are off (single-user mode, <code>THOUGHTGRAPH_SINGLE_USER=1</code>): there are no members to manage.
          Unset it and create the first account at /setup to invite people.
        </p>
      </section>
    );
  }

  const mayTouch = (m: MemberView) => manage && canAssignRole(project.role, m.role);
  const confirmRemove = (m: MemberView) => {
    const who = m.userId === project.userId ? "yourself from this project" : m.email;
    if (window.confirm(`Remove ${who}? Their scores and comments stay.`)) remove.mutate({ userId: m.userId });
  };

  return (
    <section aria-labelledby="members-heading" className="tg-settings-section">
      <h2 id="members-heading">Members</h2>
      {!manage ? (
        <p className="muted tg-small">Only {whoMay("members.manage")} can change roles or remove members.</p>
      ) : null}
      {members.isError ? <p role="alert">Could not load members: {members.error.message}</p> : null}
      <MutationError error={setRole.error} />
      <MutationError error={remove.error} />
      <table aria-label="Members">
        <thead>
          <tr>
            <th>Email</th>
            <th>Name</th>
            <th>Role</th>
            <th>Joined</th>
            {manage ? <th aria-label="Actions" /> : null}
          </tr>
        </thead>
        <tbody>
          {(members.data ?? []).map((m) => (
            <tr key={m.userId} data-testid="member-row">
              <td>
                {m.email}
                {m.userId === project.userId ? <span className="muted"> (you)</span> : null}
              </td>
              <td>{m.name ?? <span className="muted">—</span>}</td>
              <td>
                {mayTouch(m) ? (
                  <select
                    aria-label={`Role of ${m.email}`}
                    value={m.role}
                    disabled={setRole.isPending}
                    onChange={(e) => setRole.mutate({ userId: m.userId, role: e.target.value as Role })}
                  >
                    {assignableRoles(project.role).map((r) => (
                      <option key={r} value={r} title={ROLE_WORDS[r]}>
                        {r}
                      </option>
                    ))}
                  </select>
                ) : (
                  <span title={ROLE_WORDS[m.role]}>{m.role}</span>
                )}
              </td>
              <td>{when(m.joinedAt)}</td>
              {manage ? (
                <td>
                  {mayTouch(m) ? (
                    <button
                      type="button"
                      disabled={remove.isPending}
                      onClick={() => confirmRemove(m)}
                      aria-label={`Remove ${m.email}`}
                    >
                      {m.userId === project.userId ? "Leave" : "Remove"}
                    </button>
                  ) : (
                    <span className="muted tg-small">only owners change owners</span>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
