"use client";
// API keys of the project (what agents and evaluators send): create one with a scope and copy it once, see when each
// was last used, revoke. Owners and admins only; the server refuses everyone else.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { can } from "@/lib/auth/roles";
import {
  KEY_SCOPES,
  MAX_KEY_NAME_CHARS,
  type ApiKeyView,
  type KeyScope,
  type ProjectSettingsView,
} from "@/lib/contracts/settings";
import { MutationError } from "@/components/ui/MutationError";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { useSecretList } from "./list-cache";
import { OneTimeSecret } from "./OneTimeSecret";
import { formText, keyMask, when, whoMay } from "./settings-words";

export function ApiKeysSection({ project }: { project: ProjectSettingsView }) {
  const manage = can(project.role, "keys.manage");
  return (
    <section aria-labelledby="keys-heading" className="tg-settings-section">
      <h2 id="keys-heading">API keys</h2>
      <p className="muted tg-small">
        Agents send a key as <code>Authorization: Bearer &lt;key&gt;</code>. A read key can list and fetch sessions; a
        write key can also record thoughts and scores.
      </p>
      {manage ? <ApiKeys /> : <p className="muted tg-small">Only {whoMay("keys.manage")} can see and manage keys.</p>}
    </section>
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
      <form className="tg-settings-form" aria-label="New API key" onSubmit={onSubmit}>
        <label>
          Name <input name="name" required maxLength={MAX_KEY_NAME_CHARS} placeholder="ci agent" />
        </label>
        <label>
          Scope{" "}
          <select name="scope" defaultValue="write">
            {KEY_SCOPES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={create.isPending}>
          Create key
        </button>
      </form>
      <MutationError error={create.error} />
      {list.secret ? <OneTimeSecret title="New API key." secret={list.secret} onDone={list.dismiss} /> : null}
      <MutationError error={revoke.error} />
      {keys.isError ? <p role="alert">Could not load keys: {keys.error.message}</p> : null}
      <table aria-label="API keys">
        <thead>
          <tr>
            <th>Name</th>
            <th>Key</th>
            <th>Scope</th>
            <th>Created</th>
            <th>Last used</th>
            <th>State</th>
          </tr>
        </thead>
        <tbody>
          {(keys.data ?? []).map((k) => (
            <tr key={k.id} data-testid="key-row" className={k.revokedAt ? "tg-revoked" : undefined}>
              <td>{k.name}</td>
              <td>
                <code>{keyMask(k)}</code>
              </td>
              <td>{k.scope}</td>
              <td>{when(k.createdAt)}</td>
              <td>{k.lastUsedAt ? when(k.lastUsedAt) : <span className="muted">never</span>}</td>
              <td>
                {k.revokedAt ? (
                  <span className="muted">revoked {when(k.revokedAt)}</span>
                ) : (
                  <button
                    type="button"
                    disabled={revoke.isPending}
                    onClick={() => {
                      if (window.confirm(`Revoke "${k.name}"? Agents using it stop working within 5 seconds.`)) {
                        revoke.mutate({ id: k.id });
                      }
                    }}
                    aria-label={`Revoke ${k.name}`}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
