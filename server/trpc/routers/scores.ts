// Scoring from the dashboard: score configs (rubrics), the local user's scores on thoughts and sessions, the chips on
// graph nodes and agreement per config. Dashboard-only (memberProcedure): a share-link visitor reads none of it.
// Single-user mode has no accounts yet, so "my" scores are authorKey "user:local" (services/scores/scores.ts LOCAL_AUTHOR).
import { z } from "zod";
import { ZListScoreConfigsQuery, ZScoreConfigInput, ZScoreInput } from "@/lib/contracts/scores";
import { sessionReviewScores, thoughtScoreChips } from "@/server/services/scores/score-views";
import { configAgreement } from "@/server/services/scores/agreement";
import { archiveScoreConfig, createScoreConfig, listScoreConfigs } from "@/server/services/scores/score-configs";
import { authorKeyOf, deleteScore, upsertScore } from "@/server/services/scores/scores";
import { findSession } from "@/server/services/sessions/sessions";
import { authorOf } from "@/server/auth/authorship";
import { allowed, createTRPCRouter, memberProcedure } from "../init";

const id = z.string().min(1).max(200);

export const scoresRouter = createTRPCRouter({
  configs: memberProcedure
    .input(ZListScoreConfigsQuery.optional())
    .query(({ ctx, input }) => listScoreConfigs(ctx.db, ctx.projectId, input ?? {})),

  createConfig: allowed("configs.manage")
    .input(ZScoreConfigInput)
    .mutation(({ ctx, input }) => createScoreConfig(ctx.db, ctx.projectId, input)),

  archiveConfig: allowed("configs.manage")
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => archiveScoreConfig(ctx.db, ctx.projectId, input.id)),

  /** Every score in a session (its thoughts and itself), with author words; the agent's self-scores apart. */
  ofSession: memberProcedure
    .input(z.object({ sessionId: id }))
    .query(async ({ ctx, input }) =>
      sessionReviewScores(
        ctx.db,
        ctx.projectId,
        (await findSession(ctx.db, ctx.projectId, input.sessionId)).id,
        authorKeyOf(authorOf(ctx.actor)),
      ),
    ),

  /** Per thought: the number of scores and the first numeric config's mean (the chips on graph nodes). */
  chips: memberProcedure
    .input(z.object({ sessionId: id }))
    .query(async ({ ctx, input }) =>
      thoughtScoreChips(ctx.db, ctx.projectId, (await findSession(ctx.db, ctx.projectId, input.sessionId)).id),
    ),

  /** Records or updates my score; a value the config does not allow is a BAD_REQUEST naming `value`. */
  upsertMine: allowed("score")
    .input(ZScoreInput)
    .mutation(async ({ ctx, input }) => (await upsertScore(ctx.db, ctx.projectId, authorOf(ctx.actor), input)).score),

  deleteMine: allowed("score")
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => deleteScore(ctx.db, ctx.projectId, authorOf(ctx.actor), input.id)),

  agreement: memberProcedure
    .input(z.object({ configId: id }))
    .query(({ ctx, input }) =>
      configAgreement(ctx.db, ctx.projectId, input.configId, authorKeyOf(authorOf(ctx.actor))),
    ),
});
