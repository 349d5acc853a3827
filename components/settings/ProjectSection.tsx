"use client";
// The current project: its name (owners and admins rename it) and a new project, which becomes the current one.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { can } from "@/lib/auth/roles";
import { MAX_PROJECT_NAME_CHARS, type ProjectSettingsView } from "@/lib/contracts/settings";
import { MutationError } from "@/components/ui/MutationError";
import { useTRPC } from "@/components/trpc/TrpcProvider";
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
    <section aria-labelledby="project-heading" className="tg-settings-section">
      <h2 id="project-heading">Project</h2>
      {mayRename ? (
        <form
          className="tg-settings-form"
          aria-label="Rename project"
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate({ name: nameOf(e) });
          }}
        >
          <label>
            Name{" "}
            <input
              name="name"
              required
              maxLength={MAX_PROJECT_NAME_CHARS}
              defaultValue={project.name}
              key={project.name}
            />
          </label>
          <button type="submit" disabled={rename.isPending}>
            Rename
          </button>
          {rename.isSuccess ? <span className="muted tg-small">Saved.</span> : null}
        </form>
      ) : (
        <p>
          <strong>{project.name}</strong>{" "}
          <span className="muted tg-small">(only {whoMay("members.manage")} can rename it)</span>
        </p>
      )}
      <p className="muted tg-small">
        Slug <code>{project.slug}</code> · your role: {project.role}
      </p>
      <MutationError error={rename.error} />

      {project.accounts ? (
        creating ? (
          <form
            className="tg-settings-form"
            aria-label="New project"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate({ name: nameOf(e) });
            }}
          >
            <label>
              New project name <input name="name" required maxLength={MAX_PROJECT_NAME_CHARS} autoFocus />
            </label>
            <button type="submit" disabled={create.isPending}>
              Create and switch to it
            </button>
            <button type="button" onClick={() => setCreating(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <button type="button" onClick={() => setCreating(true)}>
            New project
          </button>
        )
      ) : (
        <p className="muted tg-small">Single-user mode has one project; turn accounts on for more.</p>
      )}
      <MutationError error={create.error} />
    </section>
  );
}
