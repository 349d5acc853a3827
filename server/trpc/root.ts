// The app router: one sub-router per domain.
import { createCallerFactory, createTRPCRouter } from "./init";
import { authRouter } from "./routers/auth";
import { commentsRouter } from "./routers/comments";
import { connectorsRouter } from "./routers/connectors";
import { projectRouter } from "./routers/project";
import { queuesRouter } from "./routers/queues";
import { reasoningRouter } from "./routers/reasoning";
import { scoresRouter } from "./routers/scores";
import { sessionsRouter } from "./routers/sessions";
import { memoriesRouter } from "./routers/memories";
import { searchRouter } from "./routers/search";
import { judgesRouter } from "./routers/judges";
import { usageRouter } from "./routers/usage";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  sessions: sessionsRouter,
  scores: scoresRouter,
  comments: commentsRouter,
  project: projectRouter,
  queues: queuesRouter,
  memories: memoriesRouter,
  search: searchRouter,
  reasoning: reasoningRouter,
  judges: judgesRouter,
  connectors: connectorsRouter,
  usage: usageRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls (server components) without HTTP. */
export const createCaller = createCallerFactory(appRouter);
