// Placeholder, filled in by the project work.
import { createTRPCRouter } from "../init";

export const projectRouter = createTRPCRouter({});
