"use client";
// A judge, new or edited, in a dialog: name, connection and model, the score config it fills, what it judges (each
// thought or the session), its prompt template (the variables listed beside it and checked as you type, with the same
// check the server makes), and whether it judges completed sessions by itself (a share of them).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { JudgeView } from "@/lib/contracts/judges";
import { defaultPrompt, parseTemplate, TEMPLATE_VARIABLES, type JudgeTarget } from "@/lib/judges/template";
import { formText } from "@/components/settings/settings-words";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { CheckboxField } from "@/components/ui/Checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/Dialog";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { MutationError } from "@/components/ui/MutationError";
import { NativeSelect } from "@/components/ui/Select";
import { Textarea } from "@/components/ui/Textarea";

export function JudgeForm({
  judge,
  open,
  onOpenChange,
}: {
  /** The judge to edit; a new one when absent. */
  judge?: JudgeView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const connections = useQuery({ ...trpc.judges.connections.queryOptions(), enabled: open });
  const configs = useQuery({ ...trpc.scores.configs.queryOptions(), enabled: open });
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.judges.pathKey() });
    onOpenChange(false);
  };
  const create = useMutation(trpc.judges.create.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.judges.update.mutationOptions({ onSuccess: done }));
  const [target, setTarget] = useState<JudgeTarget>(judge?.target ?? "thought");
  const [prompt, setPrompt] = useState(judge?.prompt ?? defaultPrompt(judge?.target ?? "thought"));
  const [autoRun, setAutoRun] = useState(judge?.autoRun ?? false);
  const parsed = parseTemplate(prompt, target);

  const onTarget = (next: JudgeTarget) => {
    // A default prompt follows the target; a prompt someone wrote stays theirs.
    if (prompt === defaultPrompt(target)) setPrompt(defaultPrompt(next));
    setTarget(next);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => formText(data, name);
    const fields = {
      name: text("name"),
      connectionId: text("connectionId"),
      model: text("model"),
      scoreConfigId: text("scoreConfigId"),
      target,
      prompt,
      autoRun,
      sampleRate: Number(text("samplePercent") || "100") / 100,
    };
    if (judge) update.mutate({ id: judge.id, changes: fields });
    else create.mutate(fields);
  };

  const error = create.error ?? update.error;
  const usable = (configs.data ?? []).filter((c) => c.archivedAt === null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{judge ? `Edit judge "${judge.name}"` : "New judge"}</DialogTitle>
          <DialogDescription>
            A model that fills a score config, thought by thought or once per session. Its answer follows a schema built
            from the config: a value, a rationale and a confidence.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" aria-label={judge ? "Edit judge" : "New judge"} onSubmit={onSubmit}>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Name">
              <Input name="name" required maxLength={100} defaultValue={judge?.name} placeholder="step quality" />
            </Field>
            <Field label="Judges">
              <NativeSelect value={target} onChange={(e) => onTarget(e.target.value as JudgeTarget)}>
                <option value="thought">each thought, with its path from the root</option>
                <option value="session">the whole session</option>
              </NativeSelect>
            </Field>
            <Field label="Model connection">
              <NativeSelect name="connectionId" required defaultValue={judge?.connectionId ?? ""}>
                <option value="" disabled>
                  {connections.data?.length === 0 ? "Add one in Settings first" : "Choose…"}
                </option>
                {(connections.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Model" hint="As the endpoint names it, e.g. llama3.1:8b or gpt-4.1-mini.">
              <Input name="model" required maxLength={200} defaultValue={judge?.model} placeholder="llama3.1:8b" />
            </Field>
            <Field label="Score config it fills">
              <NativeSelect name="scoreConfigId" required defaultValue={judge?.scoreConfigId ?? ""}>
                <option value="" disabled>
                  Choose…
                </option>
                {usable.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({c.type})
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <div className="flex flex-wrap items-end gap-3">
              <CheckboxField
                label="Judge completed sessions by itself"
                checked={autoRun}
                onChange={(e) => setAutoRun(e.target.checked)}
              />
              <Field label="Share judged (%)" className="w-32">
                <Input
                  name="samplePercent"
                  type="number"
                  min={0}
                  max={100}
                  step="any"
                  defaultValue={Math.round((judge?.sampleRate ?? 1) * 1000) / 10}
                  disabled={!autoRun}
                />
              </Field>
            </div>
          </div>
          <div className="grid gap-3 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <Field label="Prompt template">
              <Textarea
                value={prompt}
                onChange={(e) => setPrompt(e.target.value)}
                rows={16}
                spellCheck={false}
                aria-invalid={!parsed.ok}
                className="font-mono text-xs"
              />
            </Field>
            <div className="flex flex-col gap-2 text-sm">
              <p className="font-medium">Variables for a {target} judge</p>
              <dl className="flex flex-col gap-1.5">
                {TEMPLATE_VARIABLES.filter((v) => v.targets.includes(target)).map((v) => (
                  <div key={v.name}>
                    <dt>
                      <code className="rounded bg-muted px-1 text-xs">{`{{${v.name}}}`}</code>
                    </dt>
                    <dd className="text-xs text-muted-foreground">{v.description}</dd>
                  </div>
                ))}
              </dl>
              <Button type="button" variant="link" size="sm" onClick={() => setPrompt(defaultPrompt(target))}>
                Use the default prompt
              </Button>
            </div>
          </div>
          {!parsed.ok ? (
            <p role="alert" className="text-sm text-destructive">
              {parsed.problem.message} {parsed.problem.suggestion}
            </p>
          ) : null}
          <MutationError error={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!parsed.ok || create.isPending || update.isPending}>
              {judge ? "Save judge" : "Create judge"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
