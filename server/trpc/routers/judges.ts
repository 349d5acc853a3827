// Judges from the dashboard: model connections (Settings), judges, their previews, runs and the daily budget. Reading
// judges and runs is for members; everything that creates, changes, spends or sends reasoning elsewhere needs
// "judges.manage" (owners and admins). Each procedure calls one service (server/services/judges/).
import { z } from "zod";
import {
  ZConnectionInput,
  ZConnectionUpdate,
  ZJudgeInput,
  ZJudgeSettingsInput,
  ZJudgeUpdate,
  ZPreviewInput,
  ZRunTarget,
} from "@/lib/contracts/judges";
import { judgeSettings, setJudgeSettings } from "@/server/services/judges/budget";
import {
  createConnection,
  deleteConnection,
  listConnections,
  testConnection,
  updateConnection,
} from "@/server/services/judges/connections";
import { createJudge, deleteJudge, listJudges, previewJudge, updateJudge } from "@/server/services/judges/judges";
import { cancelRun, createRun, estimateRun, getRun, listRuns } from "@/server/services/judges/runs";
import { judgeAgreement } from "@/server/services/judges/judge-agreement";
import { authorKeyOf } from "@/server/services/scores/scores";
import { authorOf } from "@/server/auth/authorship";
import { allowed, createTRPCRouter, memberProcedure } from "../init";

const id = z.string().min(1).max(200);
const manage = allowed("judges.manage");

/** "user:<id>" (or "user:local" in single-user mode): who started a run. */
const startedBy = (actor: { kind: "local" } | { kind: "user"; user: { id: string } }) =>
  actor.kind === "local" ? "user:local" : `user:${actor.user.id}`;

export const judgesRouter = createTRPCRouter({
  connections: manage.query(({ ctx }) => listConnections(ctx.db, ctx.projectId)),
  createConnection: manage
    .input(ZConnectionInput)
    .mutation(({ ctx, input }) => createConnection(ctx.db, ctx.projectId, input)),
  updateConnection: manage
    .input(z.object({ id, changes: ZConnectionUpdate }))
    .mutation(({ ctx, input }) => updateConnection(ctx.db, ctx.projectId, input.id, input.changes)),
  deleteConnection: manage
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => deleteConnection(ctx.db, ctx.projectId, input.id)),
  testConnection: manage
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => testConnection(ctx.db, ctx.projectId, input.id)),

  list: memberProcedure.query(({ ctx }) => listJudges(ctx.db, ctx.projectId)),
  create: manage.input(ZJudgeInput).mutation(({ ctx, input }) => createJudge(ctx.db, ctx.projectId, input)),
  update: manage
    .input(z.object({ id, changes: ZJudgeUpdate }))
    .mutation(({ ctx, input }) => updateJudge(ctx.db, ctx.projectId, input.id, input.changes)),
  delete: manage.input(z.object({ id })).mutation(({ ctx, input }) => deleteJudge(ctx.db, ctx.projectId, input.id)),
  preview: manage
    .input(z.object({ id, target: ZPreviewInput }))
    .mutation(({ ctx, input }) => previewJudge(ctx.db, ctx.projectId, input.id, input.target)),

  estimate: manage
    .input(z.object({ id, target: ZRunTarget }))
    .mutation(({ ctx, input }) => estimateRun(ctx.db, ctx.projectId, input.id, input.target)),
  run: manage
    .input(z.object({ id, target: ZRunTarget }))
    .mutation(({ ctx, input }) => createRun(ctx.db, ctx.projectId, input.id, input.target, startedBy(ctx.actor))),
  runs: memberProcedure
    .input(z.object({ judgeId: id.optional(), limit: z.number().int().min(1).max(200).default(50) }).optional())
    .query(({ ctx, input }) => listRuns(ctx.db, ctx.projectId, input ?? {})),
  runDetail: memberProcedure.input(z.object({ id })).query(({ ctx, input }) => getRun(ctx.db, ctx.projectId, input.id)),
  cancelRun: manage.input(z.object({ id })).mutation(({ ctx, input }) => cancelRun(ctx.db, ctx.projectId, input.id)),

  /** Each judge of a config against each person and the people's consensus (the agreement page). */
  agreement: memberProcedure
    .input(z.object({ configId: id }))
    .query(({ ctx, input }) => judgeAgreement(ctx.db, ctx.projectId, input.configId, authorKeyOf(authorOf(ctx.actor)))),

  settings: memberProcedure.query(({ ctx }) => judgeSettings(ctx.db, ctx.projectId)),
  setSettings: manage
    .input(ZJudgeSettingsInput)
    .mutation(({ ctx, input }) => setJudgeSettings(ctx.db, ctx.projectId, input)),
});
