"use client";
// For a signed-in person who belongs to no project (their last membership was removed, or they signed up through a
// link that was revoked): start a project of their own, or wait for an invitation.
import { useMutation } from "@tanstack/react-query";
import { MAX_PROJECT_NAME_CHARS } from "@/lib/contracts/zod-free";
import { errorText } from "@/components/ui/error-text";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { switchTo } from "./ProjectSection";
import { formText } from "./settings-words";

export function FirstProject() {
  const trpc = useTRPC();
  const create = useMutation(trpc.project.create.mutationOptions({ onSuccess: (p) => switchTo(p.id) }));
  return (
    <form
      className="tg-auth-form"
      aria-label="Start a project"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ name: formText(new FormData(e.currentTarget), "name") });
      }}
    >
      <label>
        Project name <input name="name" required maxLength={MAX_PROJECT_NAME_CHARS} />
      </label>
      {create.error ? <p role="alert">{errorText(create.error)}</p> : null}
      <button type="submit" disabled={create.isPending}>
        Start a project
      </button>
    </form>
  );
}
