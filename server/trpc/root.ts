// The app router: one sub-router per domain.
import { createCallerFactory, createTRPCRouter } from "./init";
import { commentsRouter } from "./routers/comments";
import { scoresRouter } from "./routers/scores";
import { sessionsRouter } from "./routers/sessions";

export const appRouter = createTRPCRouter({
  sessions: sessionsRouter,
  scores: scoresRouter,
  comments: commentsRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls (server components) without HTTP. */
export const createCaller = createCallerFactory(appRouter);
