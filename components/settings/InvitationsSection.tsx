"use client";
// Invitation links: owners and admins make one with a role (and optionally the one email allowed to use it), copy it
// once, see the pending ones and revoke them. Links work for 7 days and admit one person.
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link2 } from "lucide-react";
import type { FormEvent } from "react";
import { can, type Role } from "@/lib/auth/roles";
import type { InvitationView, ProjectSettingsView } from "@/lib/contracts/settings";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { MutationError } from "@/components/ui/MutationError";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { NativeSelect } from "@/components/ui/Select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { useSecretList } from "./list-cache";
import { OneTimeSecret } from "./OneTimeSecret";
import { codeClass, formRowClass, noteClass, SettingsSection } from "./SettingsSection";
import { absoluteLink, assignableRoles, formText, whoMay } from "./settings-words";

export function InvitationsSection({ project }: { project: ProjectSettingsView }) {
  const manage = project.accounts && can(project.role, "members.manage");
  return (
    <SettingsSection
      id="invitations"
      title="Invitations"
      description="A link admits one person with the role you choose, for 7 days."
    >
      {!project.accounts ? (
        <p className={noteClass}>Accounts are off (single-user mode): there is nobody to invite.</p>
      ) : manage ? (
        <Invitations role={project.role} />
      ) : (
        <p className={noteClass}>Only {whoMay("members.manage")} can invite people.</p>
      )}
    </SettingsSection>
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
      <form className={formRowClass} aria-label="New invitation" onSubmit={onSubmit}>
        <Field label="Role">
          <NativeSelect name="role" defaultValue="annotator" className="w-36">
            {assignableRoles(role).map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Only for email (optional)" className="w-72">
          <Input name="email" type="email" placeholder="anyone with the link" />
        </Field>
        <Button type="submit" disabled={invite.isPending}>
          <Link2 aria-hidden />
          Create invitation link
        </Button>
      </form>
      <MutationError error={invite.error} />
      {list.secret ? <OneTimeSecret title="Invitation link." secret={list.secret} onDone={list.dismiss} /> : null}
      <MutationError error={revoke.error} />
      {pending.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load invitations: {pending.error.message}
        </p>
      ) : null}
      {pending.data?.length === 0 ? <p className={noteClass}>No pending invitations.</p> : null}
      {pending.data && pending.data.length > 0 ? (
        <div className="overflow-hidden rounded-md border">
          <Table aria-label="Pending invitations">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Link</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>For</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Expires</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {pending.data.map((i) => (
                <TableRow key={i.id} data-testid="invitation-row">
                  <TableCell>
                    <code className={codeClass}>/invite/{i.prefix}…</code>
                  </TableCell>
                  <TableCell>{i.role}</TableCell>
                  <TableCell>
                    {i.email ?? <span className="text-muted-foreground">anyone with the link</span>}
                  </TableCell>
                  <TableCell className="text-muted-foreground">
                    <RelativeTime at={i.createdAt} /> by {i.createdBy}
                  </TableCell>
                  <TableCell className="text-muted-foreground">
                    <RelativeTime at={i.expiresAt} />
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate({ id: i.id })}
                      aria-label={`Revoke invitation ${i.prefix}`}
                    >
                      Revoke
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </>
  );
}
