// Which session, agent and model a span belongs to, by the attributes instrumentations set, first present wins:
//   session: gen_ai.conversation.id, session.id (OpenInference), ai.telemetry.metadata.sessionId (the AI SDK),
//            langfuse.session.id; else the trace id (../assemble.ts)
//   agent:   gen_ai.agent.name, agent.name (OpenInference), ai.telemetry.functionId (the AI SDK), then the
//            resource's service.name
//   model:   gen_ai.response.model, gen_ai.request.model, ai.response.model, ai.model.id, llm.model_name
import "@/server/server-only";
import type { Attributes } from "../spans";
import { firstText } from "./values";

export const SESSION_KEYS = [
  "gen_ai.conversation.id",
  "session.id",
  "ai.telemetry.metadata.sessionId",
  "langfuse.session.id",
] as const;
export const AGENT_KEYS = ["gen_ai.agent.name", "agent.name", "ai.telemetry.functionId"] as const;
export const MODEL_KEYS = [
  "gen_ai.response.model",
  "gen_ai.request.model",
  "ai.response.model",
  "ai.model.id",
  "llm.model_name",
] as const;

export const sessionIdOf = (a: Attributes) => firstText(a, SESSION_KEYS);
export const agentOf = (a: Attributes) => firstText(a, AGENT_KEYS);
export const modelOf = (a: Attributes) => firstText(a, MODEL_KEYS);
export const serviceOf = (resource: Attributes) => firstText(resource, ["service.name"]);
