// The REST routes of judges, for automation: model connections, judges, their runs and the project's daily budget.
// Every one needs an API key with admin scope (a connection can send the project's reasoning to another host; read
// and write keys are refused with 403). Bodies and queries are parsed by the route table's dispatch; each handler calls
// one service (server/services/judges/).
import {
  ZConnectionInput,
  ZConnectionList,
  ZConnectionTestResult,
  ZConnectionUpdate,
  ZConnectionView,
  ZDeleted,
  ZJudgeInput,
  ZJudgeList,
  ZJudgeSettingsInput,
  ZJudgeSettingsView,
  ZJudgeUpdate,
  ZJudgeView,
  ZListRunsQuery,
  ZPreviewInput,
  ZPreviewResult,
  ZRunCreated,
  ZRunEstimate,
  ZRunList,
  ZRunTarget,
  ZRunView,
  type ConnectionInput,
  type ConnectionUpdate,
  type JudgeInput,
  type JudgeSettingsInput,
  type JudgeUpdate,
  type ListRunsQuery,
  type PreviewInput,
  type RunTarget,
} from "@/lib/contracts/judges";
import { TEMPLATE_VARIABLES } from "@/lib/judges/template";
import { getDb } from "@/server/db/client";
import { judgeSettings, setJudgeSettings } from "@/server/services/judges/budget";
import {
  createConnection,
  deleteConnection,
  listConnections,
  testConnection,
  updateConnection,
} from "@/server/services/judges/connections";
import {
  createJudge,
  deleteJudge,
  getJudge,
  listJudges,
  previewJudge,
  updateJudge,
} from "@/server/services/judges/judges";
import { cancelRun, createRun, estimateRun, getRun, listRuns } from "@/server/services/judges/runs";
import type { RouteHandler } from "../door";
import { json } from "../respond";
import type { RouteDeclaration } from "../route-table";

const projectOf = (input: { principal: { projectId: string } | null }) => input.principal!.projectId;
const deleted = (id: string) => json({ id, deleted: true });

const getConnections: RouteHandler = async (_req, input) =>
  json({ connections: await listConnections(getDb(), projectOf(input)) });
const postConnection: RouteHandler<undefined, ConnectionInput> = async (_req, input) =>
  json(await createConnection(getDb(), projectOf(input), input.body), 201);
const patchConnection: RouteHandler<undefined, ConnectionUpdate> = async (_req, input) =>
  json(await updateConnection(getDb(), projectOf(input), input.id, input.body));
const deleteConnectionRoute: RouteHandler = async (_req, input) => {
  await deleteConnection(getDb(), projectOf(input), input.id);
  return deleted(input.id);
};
const postConnectionTest: RouteHandler = async (_req, input) =>
  json(await testConnection(getDb(), projectOf(input), input.id));

const getJudges: RouteHandler = async (_req, input) => json({ judges: await listJudges(getDb(), projectOf(input)) });
const getJudgeRoute: RouteHandler = async (_req, input) => json(await getJudge(getDb(), projectOf(input), input.id));
const postJudge: RouteHandler<undefined, JudgeInput> = async (_req, input) =>
  json(await createJudge(getDb(), projectOf(input), input.body), 201);
const patchJudge: RouteHandler<undefined, JudgeUpdate> = async (_req, input) =>
  json(await updateJudge(getDb(), projectOf(input), input.id, input.body));
const deleteJudgeRoute: RouteHandler = async (_req, input) => {
  await deleteJudge(getDb(), projectOf(input), input.id);
  return deleted(input.id);
};
const postPreview: RouteHandler<undefined, PreviewInput> = async (_req, input) =>
  json(await previewJudge(getDb(), projectOf(input), input.id, input.body));
const postEstimate: RouteHandler<undefined, RunTarget> = async (_req, input) =>
  json(await estimateRun(getDb(), projectOf(input), input.id, input.body));
const postRun: RouteHandler<undefined, RunTarget> = async (_req, input) =>
  json(await createRun(getDb(), projectOf(input), input.id, input.body, `key:${input.principal!.apiKeyId}`), 201);

const getRuns: RouteHandler<ListRunsQuery> = async (_req, input) =>
  json({ runs: await listRuns(getDb(), projectOf(input), input.query) });
const getRunRoute: RouteHandler = async (_req, input) => json(await getRun(getDb(), projectOf(input), input.id));
const postCancel: RouteHandler = async (_req, input) => json(await cancelRun(getDb(), projectOf(input), input.id));

const getSettings: RouteHandler = async (_req, input) => json(await judgeSettings(getDb(), projectOf(input)));
const patchSettings: RouteHandler<undefined, JudgeSettingsInput> = async (_req, input) =>
  json(await setJudgeSettings(getDb(), projectOf(input), input.body));

const VARIABLES =
  "The prompt is a template; its variables: " +
  TEMPLATE_VARIABLES.map((v) => `{{${v.name}}} (${v.targets.join(" and ")} judges): ${v.description}`).join(" ");

/** A route's `{id}`: what it names, and the 404 when this project has none. */
interface RouteId {
  description: string;
  missing: string;
}
const CONNECTION: RouteId = {
  description: "The model connection's id.",
  missing: "No such model connection in this project.",
};
const JUDGE: RouteId = { description: "The judge's id.", missing: "No such judge in this project." };
const RUN: RouteId = { description: "The run's id.", missing: "No such run." };

/**
 * One admin-scope route in short: the success answer as [description, schema] (201 when `created`), the `{id}`'s
 * meaning and 404, and the other refusals by status (a 404 here replaces the id's).
 */
function adminRoute(
  r: Pick<RouteDeclaration, "method" | "path" | "summary" | "description" | "query" | "body" | "example"> & {
    id?: RouteId;
    answers: [description: string, schema: RouteDeclaration["responses"][number]["schema"]];
    created?: true;
    refusals?: Record<number, string>;
    handler: RouteDeclaration["handler"];
  },
): RouteDeclaration {
  const { id, answers, created, refusals = {}, handler, ...declared } = r;
  const [description, schema] = answers;
  const responses: RouteDeclaration["responses"] = { [created ? 201 : 200]: { description, schema } };
  if (id) responses[404] = { description: id.missing };
  for (const [status, words] of Object.entries(refusals)) responses[Number(status)] = { description: words };
  return { ...declared, scope: "admin", ...(id ? { idDescription: id.description } : {}), responses, handler };
}

/** The routes, in the route table's form (server/http/route-table.ts spreads them in). */
export function judgeRoutes(): RouteDeclaration[] {
  return [
    adminRoute({
      method: "GET",
      path: "/api/v1/model-connections",
      summary: "The project's model connections (their keys are never answered)",
      answers: ["The connections.", ZConnectionList],
      handler: getConnections,
    }),
    adminRoute({
      method: "POST",
      path: "/api/v1/model-connections",
      summary: "Add a model connection: an OpenAI-compatible server, OpenAI or Anthropic",
      description:
        "`apiKey` is write-only: stored encrypted under THOUGHTGRAPH_SECRET_KEY, never answered. A base URL on a " +
        "private or loopback address (a local model server) needs `allowPrivateNetwork: true`; redirects are never " +
        "followed to another host.",
      body: ZConnectionInput,
      example:
        'Send e.g. {"name": "local llama", "provider": "openai-compatible", "baseUrl": "http://127.0.0.1:11434/v1", "allowPrivateNetwork": true}.',
      answers: ["Added.", ZConnectionView],
      created: true,
      refusals: {
        409: "The name is taken, the URL is on a private address, or THOUGHTGRAPH_SECRET_KEY is not set.",
      },
      handler: postConnection,
    }),
    adminRoute({
      method: "PATCH",
      path: "/api/v1/model-connections/{id}",
      summary: "Change a model connection (send only what changes; apiKey: null removes the key)",
      id: CONNECTION,
      body: ZConnectionUpdate,
      example: 'Send e.g. {"maxConcurrency": 8} or {"apiKey": "sk-…"}.',
      answers: ["Changed.", ZConnectionView],
      refusals: { 409: "The name is taken, or the URL is on a private address." },
      handler: patchConnection,
    }),
    adminRoute({
      method: "DELETE",
      path: "/api/v1/model-connections/{id}",
      summary: "Delete a model connection no judge uses",
      id: CONNECTION,
      answers: ["Deleted.", ZDeleted],
      refusals: { 409: "A judge still uses it." },
      handler: deleteConnectionRoute,
    }),
    adminRoute({
      method: "POST",
      path: "/api/v1/model-connections/{id}/test",
      summary: "Test a model connection: list its models with its key and time limit",
      description: "Answers 200 either way; `ok`, `error` and `status` say how the endpoint answered.",
      id: CONNECTION,
      answers: ["How the endpoint answered.", ZConnectionTestResult],
      handler: postConnectionTest,
    }),
    adminRoute({
      method: "GET",
      path: "/api/v1/judges",
      summary: "The project's judges",
      answers: ["The judges.", ZJudgeList],
      handler: getJudges,
    }),
    adminRoute({
      method: "POST",
      path: "/api/v1/judges",
      summary: "Add a judge: a connection and model filling one score config for each thought or the session",
      description:
        "The answer follows a JSON schema built from the config: `value` (numeric within min–max, a categorical " +
        "label, or a boolean; text configs take the rationale as their value), `rationale` and `confidence`. " +
        VARIABLES,
      body: ZJudgeInput,
      example:
        'Send e.g. {"name": "step quality", "connectionId": "…", "model": "llama3.1:8b", "scoreConfigId": "…", "target": "thought"}.',
      answers: ["Added.", ZJudgeView],
      created: true,
      refusals: {
        400: "An unknown template variable, or a config a judge cannot fill.",
        404: "No such connection or score config in this project.",
        409: "A judge already has this name.",
      },
      handler: postJudge,
    }),
    adminRoute({
      method: "GET",
      path: "/api/v1/judges/{id}",
      summary: "One judge",
      id: JUDGE,
      answers: ["The judge.", ZJudgeView],
      handler: getJudgeRoute,
    }),
    adminRoute({
      method: "PATCH",
      path: "/api/v1/judges/{id}",
      summary: "Change a judge (send only what changes)",
      id: JUDGE,
      body: ZJudgeUpdate,
      example: 'Send e.g. {"model": "gpt-4.1-mini"} or {"autoRun": true, "sampleRate": 0.1}.',
      answers: ["Changed.", ZJudgeView],
      refusals: { 409: "A judge already has this name." },
      handler: patchJudge,
    }),
    adminRoute({
      method: "DELETE",
      path: "/api/v1/judges/{id}",
      summary: "Delete a judge: it stops and its queued jobs are cancelled; its scores stay",
      id: JUDGE,
      answers: ["Deleted.", ZDeleted],
      handler: deleteJudgeRoute,
    }),
    adminRoute({
      method: "POST",
      path: "/api/v1/judges/{id}/preview",
      summary: "Run the judge once on one thought (or session) and see the exact prompt sent; nothing is stored",
      id: JUDGE,
      body: ZPreviewInput,
      example: 'Send e.g. {"thoughtId": "…"}, or {"thoughtId": "…", "prompt": "an unsaved template"}.',
      answers: ["The messages sent, the schema, and the answer or the error.", ZPreviewResult],
      refusals: {
        404: "No such judge, thought or session in this project.",
        429: "The daily budget is spent.",
      },
      handler: postPreview,
    }),
    adminRoute({
      method: "POST",
      path: "/api/v1/judges/{id}/estimate",
      summary: "What a run would cost: sessions, calls, tokens, US dollars, and today's budget left",
      id: JUDGE,
      body: ZRunTarget,
      example: 'Send what a run would take, e.g. {"filter": {"status": "completed"}}.',
      answers: ["The estimate.", ZRunEstimate],
      handler: postEstimate,
    }),
    adminRoute({
      method: "POST",
      path: "/api/v1/judges/{id}/runs",
      summary: "Run the judge on a session, a thought, every session matching a sessions-list filter, or a queue",
      id: JUDGE,
      body: ZRunTarget,
      example:
        'Send one of {"sessionId": "…"}, {"thoughtId": "…"}, {"filter": {"status": "completed"}}, {"queueId": "…"}.',
      answers: ["The run, queued.", ZRunCreated],
      created: true,
      refusals: {
        400: "Nothing to judge (no session matches), or too much (over 100,000 calls).",
        404: "No such judge, session, thought or queue in this project.",
      },
      handler: postRun,
    }),
    adminRoute({
      method: "GET",
      path: "/api/v1/judge-runs",
      summary: "The project's judge runs, newest first",
      query: ZListRunsQuery,
      answers: ["The runs.", ZRunList],
      handler: getRuns,
    }),
    adminRoute({
      method: "GET",
      path: "/api/v1/judge-runs/{id}",
      summary: "A judge run: status, counts, tokens, cost and failures with the provider's error",
      id: RUN,
      answers: ["The run.", ZRunView],
      handler: getRunRoute,
    }),
    adminRoute({
      method: "POST",
      path: "/api/v1/judge-runs/{id}/cancel",
      summary: "Cancel a run: queued jobs stop; a call in flight is dropped when it ends",
      id: RUN,
      answers: ["The run, cancelled.", ZRunView],
      handler: postCancel,
    }),
    adminRoute({
      method: "GET",
      path: "/api/v1/judge-settings",
      summary: "The project's daily judge budget and today's use",
      answers: ["The budget.", ZJudgeSettingsView],
      handler: getSettings,
    }),
    adminRoute({
      method: "PATCH",
      path: "/api/v1/judge-settings",
      summary: "Set the daily judge budget: calls and/or tokens per UTC day (null: no limit)",
      body: ZJudgeSettingsInput,
      example: 'Send e.g. {"dailyCallLimit": 1000, "dailyTokenLimit": null}.',
      answers: ["The budget.", ZJudgeSettingsView],
      handler: patchSettings,
    }),
  ];
}
