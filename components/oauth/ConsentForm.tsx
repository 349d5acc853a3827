"use client";
// The consent decision: a project of the person's and the access to give (read, or read and record thoughts, as far as
// the role in that project allows), then Approve or Deny. A plain form POST to /oauth/decision, which checks it all
// again: the browser follows the redirect back to the app.
import { useState } from "react";
import type { ConsentProject, OAuthScope } from "@/lib/contracts/oauth";
import { Button } from "@/components/ui/Button";
import { Label } from "@/components/ui/Label";

const SELECT =
  "h-8 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30";

export function ConsentForm({
  projects,
  scopes,
  params,
  clientName,
}: {
  projects: ConsentProject[];
  scopes: OAuthScope[];
  params: [string, string][];
  clientName: string;
}) {
  const [projectId, setProjectId] = useState(projects[0]?.id ?? "");
  const project = projects.find((p) => p.id === projectId);
  const writeAllowed = scopes.includes("write") && project?.maxScope === "write";
  const [scope, setScope] = useState<OAuthScope>(writeAllowed ? "write" : "read");
  const chosen = scope === "write" && !writeAllowed ? "read" : scope;

  return (
    <form method="post" action="/oauth/decision" className="flex flex-col gap-4">
      {params.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      {projects.length === 0 ? (
        <p role="alert" className="text-sm text-destructive">
          You are not a member of any project yet, so there is nothing to connect {clientName} to.
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <Label htmlFor="consent-project">Project</Label>
            <select
              id="consent-project"
              name="project_id"
              className={SELECT}
              value={projectId}
              onChange={(e) => setProjectId(e.target.value)}
            >
              {projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.role})
                </option>
              ))}
            </select>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Access</legend>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="grant_scope"
                value="read"
                className="mt-0.5 accent-primary"
                checked={chosen === "read"}
                onChange={() => setScope("read")}
              />
              <span>
                Read sessions and thoughts
                <span className="block text-xs text-muted-foreground">It cannot record or change anything.</span>
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm has-[:disabled]:opacity-60">
              <input
                type="radio"
                name="grant_scope"
                value="write"
                className="mt-0.5 accent-primary"
                checked={chosen === "write"}
                disabled={!writeAllowed}
                onChange={() => setScope("write")}
              />
              <span>
                Read, and record thoughts as you
                <span className="block text-xs text-muted-foreground">
                  {!scopes.includes("write")
                    ? `${clientName} asked for read access only.`
                    : writeAllowed
                      ? "What it records is marked as yours, through this app."
                      : `A ${project?.role ?? "viewer"} can give read access only.`}
                </span>
              </span>
            </label>
          </fieldset>
        </>
      )}
      <div className="flex justify-end gap-2">
        <Button type="submit" name="decision" value="deny" variant="outline">
          Deny
        </Button>
        <Button type="submit" name="decision" value="approve" disabled={projects.length === 0}>
          Approve
        </Button>
      </div>
    </form>
  );
}
