"use client";
// Model connections (where judges' calls go): add one (an OpenAI-compatible server such as Ollama, vLLM or LM Studio,
// OpenAI or Anthropic), test it (lists its models), delete one no judge uses. The API key is typed once and never
// shown again (only its last 4 characters); a private or loopback address needs "allow private network". Owners and
// admins only; the server refuses everyone else.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PlugZap } from "lucide-react";
import { useState, type FormEvent } from "react";
import { can } from "@/lib/auth/roles";
import type { ConnectionTestResult, ConnectionView } from "@/lib/contracts/judges";
import type { ProjectSettingsView } from "@/lib/contracts/settings";
import {
  DEFAULT_CONNECTION_CONCURRENCY,
  MAX_CONNECTION_CONCURRENCY,
  MODEL_PROVIDERS,
  TIMEOUT_RANGE_MS,
  type ModelProvider,
} from "@/lib/contracts/zod-free";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { CheckboxField } from "@/components/ui/Checkbox";
import { ChoiceField } from "@/components/ui/ChoiceField";
import { ConfirmButton } from "@/components/ui/ConfirmButton";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { MutationError } from "@/components/ui/MutationError";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { codeClass, formRowClass, noteClass, SettingsSection } from "./SettingsSection";
import { formText, whoMay } from "./settings-words";

const PROVIDER_WORDS: Record<ModelProvider, string> = {
  "openai-compatible": "OpenAI-compatible (Ollama, vLLM, LM Studio, …)",
  openai: "OpenAI",
  anthropic: "Anthropic",
};

export function ModelConnectionsSection({ project }: { project: ProjectSettingsView }) {
  const manage = can(project.role, "judges.manage");
  return (
    <SettingsSection
      id="model-connections"
      title="Model connections"
      description={
        <>
          Where judges send their calls. API keys are stored encrypted under the server&apos;s{" "}
          <code className={codeClass}>THOUGHTGRAPH_SECRET_KEY</code> and never shown again; a connection sends this
          project&apos;s reasoning to its host.
        </>
      }
    >
      {manage ? (
        <Connections />
      ) : (
        <p className={noteClass}>Only {whoMay("judges.manage")} can see and manage model connections.</p>
      )}
    </SettingsSection>
  );
}

function numberOrUndefined(data: FormData, name: string, scale = 1): number | undefined {
  const text = formText(data, name).trim();
  return text === "" ? undefined : Number(text) * scale;
}

function Connections() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.judges.connections.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.judges.connections.queryKey() });
  const create = useMutation(trpc.judges.createConnection.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.judges.deleteConnection.mutationOptions({ onSuccess: refresh }));
  const [provider, setProvider] = useState<ModelProvider>("openai-compatible");

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const baseUrl = formText(data, "baseUrl").trim();
    const apiKey = formText(data, "apiKey").trim();
    create.mutate(
      {
        name: formText(data, "name"),
        provider,
        ...(baseUrl ? { baseUrl } : {}),
        ...(apiKey ? { apiKey } : {}),
        allowPrivateNetwork: data.get("allowPrivateNetwork") === "on",
        maxConcurrency: numberOrUndefined(data, "maxConcurrency"),
        timeoutMs: numberOrUndefined(data, "timeoutS", 1000),
        inputPricePerMTok: numberOrUndefined(data, "inputPrice"),
        outputPricePerMTok: numberOrUndefined(data, "outputPrice"),
      },
      { onSuccess: () => form.reset() },
    );
  };

  return (
    <>
      <form className="flex flex-col gap-3" aria-label="New model connection" onSubmit={onSubmit}>
        {/* Tops aligned: the API key's hint below its box would otherwise lift that field above the others. */}
        <div className="flex flex-wrap items-start gap-3">
          <Field label="Name" className="w-48">
            <Input name="name" required maxLength={100} placeholder="local llama" />
          </Field>
          <ChoiceField
            label="Provider"
            name="provider"
            value={provider}
            choices={MODEL_PROVIDERS}
            words={(p) => PROVIDER_WORDS[p]}
            onChange={setProvider}
            className="w-72"
          />
          <Field
            label={provider === "openai-compatible" ? "Base URL" : "Base URL (optional)"}
            className="min-w-64 flex-1"
          >
            <Input
              name="baseUrl"
              type="url"
              required={provider === "openai-compatible"}
              placeholder={provider === "anthropic" ? "https://api.anthropic.com/v1" : "http://127.0.0.1:11434/v1"}
            />
          </Field>
          <Field label="API key" hint="Stored encrypted; shown only as its last 4 characters." className="w-64">
            <Input name="apiKey" type="password" autoComplete="off" placeholder="optional for local servers" />
          </Field>
        </div>
        <div className={formRowClass}>
          <Field label="Calls at once" className="w-28">
            <Input
              name="maxConcurrency"
              type="number"
              min={1}
              max={MAX_CONNECTION_CONCURRENCY}
              defaultValue={DEFAULT_CONNECTION_CONCURRENCY}
            />
          </Field>
          <Field label="Time limit (s)" className="w-28">
            <Input
              name="timeoutS"
              type="number"
              min={TIMEOUT_RANGE_MS.min / 1000}
              max={TIMEOUT_RANGE_MS.max / 1000}
              defaultValue={TIMEOUT_RANGE_MS.default / 1000}
            />
          </Field>
          <Field label="$ / M input tokens" className="w-36">
            <Input name="inputPrice" type="number" min={0} step="any" placeholder="unknown" />
          </Field>
          <Field label="$ / M output tokens" className="w-36">
            <Input name="outputPrice" type="number" min={0} step="any" placeholder="unknown" />
          </Field>
          <CheckboxField
            name="allowPrivateNetwork"
            label="Allow private network"
            note="For a model server on this machine or your LAN."
          />
          <Button type="submit" disabled={create.isPending}>
            <PlugZap aria-hidden />
            Add connection
          </Button>
        </div>
      </form>
      <MutationError error={create.error} />
      <MutationError error={remove.error} />
      {list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load connections: {list.error.message}
        </p>
      ) : null}
      {!list.data ? (
        <SkeletonRows rows={2} label="Loading connections" />
      ) : list.data.length === 0 ? (
        <p className={noteClass}>No model connections yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table aria-label="Model connections">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Name</TableHead>
                <TableHead>Endpoint</TableHead>
                <TableHead>Key</TableHead>
                <TableHead>Limits</TableHead>
                <TableHead>Judges</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.map((c) => (
                <ConnectionRow key={c.id} connection={c} onDelete={() => remove.mutate({ id: c.id })} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
}

function ConnectionRow({ connection: c, onDelete }: { connection: ConnectionView; onDelete: () => void }) {
  const trpc = useTRPC();
  const test = useMutation(trpc.judges.testConnection.mutationOptions());
  return (
    <>
      <TableRow data-testid="connection-row">
        <TableCell className="font-medium">{c.name}</TableCell>
        <TableCell>
          <div className="flex flex-col gap-0.5">
            <span className="text-sm">{PROVIDER_WORDS[c.provider].split(" (")[0]}</span>
            <code className="text-xs break-all text-muted-foreground">{c.baseUrl ?? "provider default"}</code>
            {c.allowPrivateNetwork ? (
              <Badge variant="warning" className="mt-0.5">
                private network allowed
              </Badge>
            ) : null}
          </div>
        </TableCell>
        <TableCell>
          <code className={codeClass}>{c.hasApiKey ? `…${c.apiKeyLast4}` : "none"}</code>
        </TableCell>
        <TableCell className="text-sm text-muted-foreground">
          {c.maxConcurrency} at once · {c.timeoutMs / 1000} s
        </TableCell>
        <TableCell>{c.judgeCount}</TableCell>
        <TableCell className="text-right">
          <div className="flex justify-end gap-1.5">
            <Button
              variant="outline"
              size="sm"
              disabled={test.isPending}
              onClick={() => test.mutate({ id: c.id })}
              aria-label={`Test ${c.name}`}
            >
              {test.isPending ? "Testing…" : "Test"}
            </Button>
            <ConfirmButton
              variant="ghost"
              disabled={c.judgeCount > 0}
              aria-label={`Delete ${c.name}`}
              title={`Delete "${c.name}"?`}
              description="Its key is deleted with it. Judges must use another connection first."
              confirmLabel="Delete connection"
              onConfirm={onDelete}
            >
              Delete
            </ConfirmButton>
          </div>
        </TableCell>
      </TableRow>
      {test.data || test.error ? (
        <TableRow className="hover:bg-transparent">
          <TableCell colSpan={6} className="pt-0">
            {test.data ? <TestResult result={test.data} /> : <MutationError error={test.error} />}
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}

function TestResult({ result }: { result: ConnectionTestResult }) {
  return result.ok ? (
    <p role="status" className="text-sm text-success">
      Connected in {result.latencyMs} ms
      {result.models.length > 0
        ? `; models: ${result.models.slice(0, 8).join(", ")}${result.models.length > 8 ? ", …" : ""}`
        : "."}
    </p>
  ) : (
    <p role="alert" className="text-sm break-words text-destructive">
      Failed after {result.latencyMs} ms: {result.error}
    </p>
  );
}
