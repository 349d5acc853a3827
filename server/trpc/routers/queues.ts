// Placeholder, filled in by the queues work.
import { createTRPCRouter } from "../init";

export const queuesRouter = createTRPCRouter({});
