"use client";
// The "Scores" part of the detail panel (a thought) and of the session tab (the whole session): my score per active
// config, everyone else's read-only. The agent's self-score is not a review score and stays in the metadata.
import { useQuery } from "@tanstack/react-query";
import { ChevronRight } from "lucide-react";
import Link from "next/link";
import type { ReviewScore } from "@/lib/contracts/scores";
import { useCan } from "@/components/auth/useCan";
import { JudgeScores } from "@/components/judges/JudgeScores";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/Skeleton";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/Collapsible";
import { countOf } from "@/lib/words/count-of";
import { AgreementLine } from "./AgreementLine";
import { ScoreForm, type ScoreTarget } from "./ScoreForm";
import { scoreValueText } from "./score-format";

export function ScoresSection({ sessionId, thoughtId }: { sessionId: string; thoughtId: string | null }) {
  const trpc = useTRPC();
  const configs = useQuery(trpc.scores.configs.queryOptions());
  const scores = useQuery(trpc.scores.ofSession.queryOptions({ sessionId }));
  const target: ScoreTarget = thoughtId !== null ? { thoughtId } : { sessionId };
  const heading = thoughtId !== null ? "Scores" : "Session scores";
  const canScore = useCan("score");

  if (configs.isError || scores.isError) {
    return (
      <section aria-label={heading} className="flex flex-col gap-2">
        <h3 className={H3}>{heading}</h3>
        <p role="alert" className="text-sm text-destructive">
          Could not load scores: {(configs.error ?? scores.error)?.message}
        </p>
      </section>
    );
  }
  if (!configs.data || !scores.data) {
    return (
      <section aria-label={heading} aria-busy="true" className="flex flex-col gap-2">
        <h3 className={H3}>{heading}</h3>
        <Skeleton className="h-16 w-full" />
      </section>
    );
  }
  const here = scores.data.scores.filter((s) => s.thoughtId === thoughtId);
  const others = here.filter((s) => !s.mine && s.source !== "judge");
  const mineBy = new Map(here.filter((s) => s.mine).map((s) => [s.configId, s]));
  return (
    <section aria-label={heading} className="tg-scores flex flex-col gap-2">
      <h3 className={H3}>{heading}</h3>
      {configs.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No score configs yet.{" "}
          <Link href="/agreement#configs" prefetch={false}>
            Create one
          </Link>{" "}
          to score {thoughtId !== null ? "thoughts" : "sessions"}.
        </p>
      ) : canScore ? (
        configs.data.map((c) => (
          <div
            // Per target too: each thought's form is its own (what is typed for one is never shown on another).
            key={`${thoughtId ?? "session"}:${c.id}`}
            data-testid="config-scoring"
            data-config={c.name}
            className="flex flex-col gap-1.5 rounded-md border border-border p-2.5"
          >
            <ScoreForm config={c} target={target} mine={mineBy.get(c.id)} />
            {c.type !== "text" ? <AgreementLine configId={c.id} /> : null}
          </div>
        ))
      ) : (
        <p className="text-xs text-muted-foreground">
          Your role can read scores; annotators, admins and owners give them.
        </p>
      )}
      <JudgeScores scores={here.filter((s) => s.source === "judge")} />
      {/* Others' scores fold away: the reader's own widget comes first; the count says whether opening is worth it. */}
      <Collapsible>
        <CollapsibleTrigger
          disabled={others.length === 0}
          className="group flex cursor-pointer items-center gap-1 rounded-sm text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default disabled:hover:text-muted-foreground"
        >
          <ChevronRight
            className={cn(
              "size-3.5 transition-transform group-data-[state=open]:rotate-90",
              others.length === 0 && "invisible",
            )}
            aria-hidden
          />
          By others
          <span className="font-normal">
            {others.length === 0 ? "· none yet" : `· ${countOf(others.length, "score")}`}
          </span>
        </CollapsibleTrigger>
        <CollapsibleContent>
          <ul className="mt-1.5 flex flex-col gap-1 pl-4.5 text-sm" aria-label="Scores by others">
            {others.map((s: ReviewScore) => (
              <li key={s.id}>
                <strong className="font-medium">{s.name}</strong> {scoreValueText(s)}{" "}
                <AuthorName label={s.authorLabel} />
                {s.comment ? <div className="text-xs text-muted-foreground">{s.comment}</div> : null}
              </li>
            ))}
          </ul>
        </CollapsibleContent>
      </Collapsible>
    </section>
  );
}

const H3 = "text-sm font-semibold text-muted-foreground";

/** The server labels a key's scores "API key NAME (tg_agen…)"; a reader wants the key's name, marked as a key, with the
 *  prefix on hover. */
const KEY_LABEL = /^API key (.+) \(([^)]*)\)$/;

function AuthorName({ label }: { label: string }) {
  const key = KEY_LABEL.exec(label);
  if (!key) return <span className="text-muted-foreground">· {label}</span>;
  return (
    <span className="text-muted-foreground" title={`API key ${key[2]}`}>
      · <span className="rounded bg-muted px-1 text-xs">API key</span> {key[1]}
    </span>
  );
}
