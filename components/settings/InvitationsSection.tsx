"use client";
// Invitation links: owners and admins make one with a role (and optionally the one email allowed to use it), copy it
// once, see the pending ones and revoke them. Links work for 7 days and admit one person.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { can, type Role } from "@/lib/auth/roles";
import type { InvitationView, ProjectSettingsView } from "@/lib/contracts/settings";
import { MutationError } from "@/components/ui/MutationError";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { useSecretList } from "./list-cache";
import { OneTimeSecret } from "./OneTimeSecret";
import { absoluteLink, assignableRoles, formText, when, whoMay } from "./settings-words";

export function InvitationsSection({ project }: { project: ProjectSettingsView }) {
  const manage = project.accounts && can(project.role, "members.manage");
  return (
    <section aria-labelledby="invitations-heading" className="tg-settings-section">
      <h2 id="invitations-heading">Invitations</h2>
      {!project.accounts ? (
        <p className="muted">Accounts are off (single-user mode): there is nobody to invite.</p>
      ) : manage ? (
        <Invitations role={project.role} />
      ) : (
        <p className="muted tg-small">Only {whoMay("members.manage")} can invite people.</p>
      )}
    </section>
  );
}

function Invitations({ role }: { role: Role }) {
  const trpc = useTRPC();
  const pending = useQuery(trpc.project.invitations.queryOptions());
  const list = useSecretList<InvitationView>(trpc.project.invitations.queryKey());
  const invite = useMutation(
    trpc.project.invite.mutationOptions({ onSuccess: ({ path, ...view }) => list.created(absoluteLink(path), view) }),
  );
  const revoke = useMutation(trpc.project.revokeInvitation.mutationOptions({ onSuccess: list.refresh }));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const email = formText(data, "email").trim();
    invite.mutate(
      { role: formText(data, "role") as Role, ...(email ? { email } : {}) },
      { onSuccess: () => form.reset() },
    );
  };

  return (
    <>
      <form className="tg-settings-form" aria-label="New invitation" onSubmit={onSubmit}>
        <label>
          Role{" "}
          <select name="role" defaultValue="annotator">
            {assignableRoles(role).map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label>
          Only for email (optional) <input name="email" type="email" placeholder="anyone with the link" />
        </label>
        <button type="submit" disabled={invite.isPending}>
          Create invitation link
        </button>
      </form>
      <MutationError error={invite.error} />
      {list.secret ? <OneTimeSecret title="Invitation link." secret={list.secret} onDone={list.dismiss} /> : null}
      <MutationError error={revoke.error} />
      {pending.isError ? <p role="alert">Could not load invitations: {pending.error.message}</p> : null}
      {pending.data?.length === 0 ? <p className="muted tg-small">No pending invitations.</p> : null}
      {pending.data && pending.data.length > 0 ? (
        <table aria-label="Pending invitations">
          <thead>
            <tr>
              <th>Link</th>
              <th>Role</th>
              <th>For</th>
              <th>Created</th>
              <th>Expires</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {pending.data.map((i) => (
              <tr key={i.id} data-testid="invitation-row">
                <td>
                  <code>/invite/{i.prefix}…</code>
                </td>
                <td>{i.role}</td>
                <td>{i.email ?? <span className="muted">anyone with the link</span>}</td>
                <td>
                  {when(i.createdAt)} <span className="muted tg-small">by {i.createdBy}</span>
                </td>
                <td>{when(i.expiresAt)}</td>
                <td>
                  <button
                    type="button"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate({ id: i.id })}
                    aria-label={`Revoke invitation ${i.prefix}`}
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
