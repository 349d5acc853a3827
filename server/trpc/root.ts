// The app router: one sub-router per domain.
import { createCallerFactory, createTRPCRouter } from "./init";
import { scoresRouter } from "./routers/scores";
import { sessionsRouter } from "./routers/sessions";

export const appRouter = createTRPCRouter({
  sessions: sessionsRouter,
  scores: scoresRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls (server components) without HTTP. */
export const createCaller = createCallerFactory(appRouter);
