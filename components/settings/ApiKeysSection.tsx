"use client";
// API keys of the project (what agents and evaluators send): create one with a scope and copy it once, with the
// agent set-up snippets filled in with it; see when each was last used, revoke. Owners and admins only; the server
// refuses everyone else.
import { useMutation, useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import type { FormEvent } from "react";
import { can } from "@/lib/auth/roles";
import type { ApiKeyView, KeyScope, ProjectSettingsView } from "@/lib/contracts/settings";
import { KEY_SCOPES, MAX_KEY_NAME_CHARS } from "@/lib/contracts/zod-free";
import { AgentSnippets } from "@/components/onboarding/AgentSnippets";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { ConfirmButton } from "@/components/ui/ConfirmButton";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { MutationError } from "@/components/ui/MutationError";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { NativeSelect } from "@/components/ui/Select";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { TableCell, TableRow } from "@/components/ui/Table";
import { CredentialTable, LoadError, UsedCells } from "./CredentialTable";
import { useSecretList } from "./list-cache";
import { OneTimeSecret } from "./OneTimeSecret";
import { codeClass, formRowClass, noteClass, SettingsSection } from "./SettingsSection";
import { formText, keyMask, whoMay } from "./settings-words";

export function ApiKeysSection({ project }: { project: ProjectSettingsView }) {
  const manage = can(project.role, "keys.manage");
  return (
    <SettingsSection
      id="keys"
      title="API keys"
      description={
        <>
          Agents send a key as <code className={codeClass}>Authorization: Bearer &lt;key&gt;</code>. A read key can list
          and fetch sessions; a write key can also record thoughts and scores; an admin key can also manage model
          connections, judges and their runs.
        </>
      }
    >
      {manage ? <ApiKeys /> : <p className={noteClass}>Only {whoMay("keys.manage")} can see and manage keys.</p>}
    </SettingsSection>
  );
}

function ApiKeys() {
  const trpc = useTRPC();
  const keys = useQuery(trpc.project.keys.queryOptions());
  const list = useSecretList<ApiKeyView>(trpc.project.keys.queryKey());
  const create = useMutation(
    trpc.project.createKey.mutationOptions({ onSuccess: ({ key, ...view }) => list.created(key, view) }),
  );
  const revoke = useMutation(trpc.project.revokeKey.mutationOptions({ onSuccess: list.refresh }));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    create.mutate(
      { name: formText(data, "name"), scope: formText(data, "scope") as KeyScope },
      { onSuccess: () => form.reset() },
    );
  };

  return (
    <>
      <form className={formRowClass} aria-label="New API key" onSubmit={onSubmit}>
        <Field label="Name" className="w-64">
          <Input name="name" required maxLength={MAX_KEY_NAME_CHARS} placeholder="ci agent" />
        </Field>
        <Field label="Scope">
          <NativeSelect name="scope" defaultValue="write" className="w-28">
            {KEY_SCOPES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" disabled={create.isPending}>
          <KeyRound aria-hidden />
          Create key
        </Button>
      </form>
      <MutationError error={create.error} />
      {list.secret ? (
        <OneTimeSecret title="New API key." secret={list.secret} onDone={list.dismiss}>
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">Connect an agent with it</p>
            <AgentSnippets apiKey={list.secret} />
          </div>
        </OneTimeSecret>
      ) : null}
      <MutationError error={revoke.error} />
      {keys.isError ? <LoadError what="keys" error={keys.error} /> : null}
      {!keys.data ? (
        <SkeletonRows rows={3} label="Loading keys" />
      ) : (
        <CredentialTable label="API keys" columns={["Name", "Key", "Scope"]} action="State">
          {keys.data.map((k) => (
            <TableRow
              key={k.id}
              data-testid="key-row"
              data-revoked={k.revokedAt ? "true" : undefined}
              className={cn(k.revokedAt && "text-muted-foreground")}
            >
              <TableCell className={cn("font-medium", k.revokedAt && "line-through")}>{k.name}</TableCell>
              <TableCell>
                <code className={codeClass}>{keyMask(k)}</code>
              </TableCell>
              <TableCell>
                <Badge variant={k.scope === "admin" ? "warning" : k.scope === "write" ? "accent" : "secondary"}>
                  {k.scope}
                </Badge>
              </TableCell>
              <UsedCells createdAt={k.createdAt} lastUsedAt={k.lastUsedAt} />
              <TableCell className="text-right">
                {k.revokedAt ? (
                  <span className="text-sm">
                    revoked <RelativeTime at={k.revokedAt} />
                  </span>
                ) : (
                  <ConfirmButton
                    variant="ghost"
                    disabled={revoke.isPending}
                    aria-label={`Revoke ${k.name}`}
                    title={`Revoke "${k.name}"?`}
                    description="Agents using it stop working within 5 seconds. This cannot be undone."
                    confirmLabel="Revoke key"
                    onConfirm={() => revoke.mutate({ id: k.id })}
                  >
                    Revoke
                  </ConfirmButton>
                )}
              </TableCell>
            </TableRow>
          ))}
        </CredentialTable>
      )}
    </>
  );
}
