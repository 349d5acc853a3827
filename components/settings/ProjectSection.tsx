"use client";
// The current project: its name (owners and admins rename it) and a new project, which becomes the current one.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { can } from "@/lib/auth/roles";
import type { ProjectSettingsView } from "@/lib/contracts/settings";
import { MAX_PROJECT_NAME_CHARS } from "@/lib/contracts/zod-free";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { MutationError } from "@/components/ui/MutationError";
import { codeClass, formRowClass, noteClass, SettingsSection } from "./SettingsSection";
import { formText, whoMay } from "./settings-words";

const nameOf = (e: FormEvent<HTMLFormElement>) => formText(new FormData(e.currentTarget), "name");

/** Makes the new project the current one (a cookie door), then shows its settings. */
export async function switchTo(projectId: string): Promise<void> {
  await fetch("/api/auth/project", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ projectId }),
  });
  window.location.assign("/settings");
}

export function ProjectSection({ project }: { project: ProjectSettingsView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const rename = useMutation(
    trpc.project.rename.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.project.current.queryKey() });
        router.refresh(); // the app bar shows the name too
      },
    }),
  );
  const create = useMutation(trpc.project.create.mutationOptions({ onSuccess: (p) => switchTo(p.id) }));
  const mayRename = can(project.role, "members.manage");

  return (
    <SettingsSection
      id="project"
      title="Project"
      description={
        <>
          Slug <code className={codeClass}>{project.slug}</code> · your role{" "}
          <Badge variant="secondary">{project.role}</Badge>
        </>
      }
    >
      {mayRename ? (
        <form
          className={formRowClass}
          aria-label="Rename project"
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate({ name: nameOf(e) });
          }}
        >
          <Field label="Name" className="w-72">
            <Input
              name="name"
              required
              maxLength={MAX_PROJECT_NAME_CHARS}
              defaultValue={project.name}
              key={project.name}
            />
          </Field>
          <Button type="submit" variant="secondary" disabled={rename.isPending}>
            Rename
          </Button>
          {rename.isSuccess ? (
            <span role="status" className="self-center text-sm text-success">
              Saved.
            </span>
          ) : null}
        </form>
      ) : (
        <p className="text-base">
          <strong className="font-medium">{project.name}</strong>{" "}
          <span className={noteClass}>(only {whoMay("members.manage")} can rename it)</span>
        </p>
      )}
      <MutationError error={rename.error} />

      {project.accounts ? (
        creating ? (
          <form
            className={formRowClass}
            aria-label="New project"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate({ name: nameOf(e) });
            }}
          >
            <Field label="New project name" className="w-72">
              <Input name="name" required maxLength={MAX_PROJECT_NAME_CHARS} autoFocus />
            </Field>
            <Button type="submit" disabled={create.isPending}>
              Create and switch to it
            </Button>
            <Button variant="ghost" onClick={() => setCreating(false)}>
              Cancel
            </Button>
          </form>
        ) : (
          <div>
            <Button variant="outline" onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              New project
            </Button>
          </div>
        )
      ) : (
        <p className={noteClass}>Single-user mode has one project; turn accounts on for more.</p>
      )}
      <MutationError error={create.error} />
    </SettingsSection>
  );
}
