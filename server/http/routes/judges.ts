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

const CONNECTION_ID = "The model connection's id.";
const JUDGE_ID = "The judge's id.";
const NO_CONNECTION = "No such model connection in this project.";
const NO_JUDGE = "No such judge in this project.";
const VARIABLES =
  "The prompt is a template; its variables: " +
  TEMPLATE_VARIABLES.map((v) => `{{${v.name}}} (${v.targets.join(" and ")} judges): ${v.description}`).join(" ");

/** The routes, in the route table's form (server/http/route-table.ts spreads them in). */
export function judgeRoutes(): RouteDeclaration[] {
  return [
    {
      method: "GET",
      path: "/api/v1/model-connections",
      scope: "admin",
      summary: "The project's model connections (their keys are never answered)",
      responses: { 200: { description: "The connections.", schema: ZConnectionList } },
      handler: getConnections,
    },
    {
      method: "POST",
      path: "/api/v1/model-connections",
      scope: "admin",
      summary: "Add a model connection: an OpenAI-compatible server, OpenAI or Anthropic",
      description:
        "`apiKey` is write-only: stored encrypted under THOUGHTGRAPH_SECRET_KEY, never answered. A base URL on a " +
        "private or loopback address (a local model server) needs `allowPrivateNetwork: true`; redirects are never " +
        "followed to another host.",
      body: ZConnectionInput,
      example:
        'Send e.g. {"name": "local llama", "provider": "openai-compatible", "baseUrl": "http://127.0.0.1:11434/v1", "allowPrivateNetwork": true}.',
      responses: {
        201: { description: "Added.", schema: ZConnectionView },
        409: {
          description: "The name is taken, the URL is on a private address, or THOUGHTGRAPH_SECRET_KEY is not set.",
        },
      },
      handler: postConnection,
    },
    {
      method: "PATCH",
      path: "/api/v1/model-connections/{id}",
      scope: "admin",
      summary: "Change a model connection (send only what changes; apiKey: null removes the key)",
      idDescription: CONNECTION_ID,
      body: ZConnectionUpdate,
      example: 'Send e.g. {"maxConcurrency": 8} or {"apiKey": "sk-…"}.',
      responses: {
        200: { description: "Changed.", schema: ZConnectionView },
        404: { description: NO_CONNECTION },
        409: { description: "The name is taken, or the URL is on a private address." },
      },
      handler: patchConnection,
    },
    {
      method: "DELETE",
      path: "/api/v1/model-connections/{id}",
      scope: "admin",
      summary: "Delete a model connection no judge uses",
      idDescription: CONNECTION_ID,
      responses: {
        200: { description: "Deleted.", schema: ZDeleted },
        404: { description: NO_CONNECTION },
        409: { description: "A judge still uses it." },
      },
      handler: deleteConnectionRoute,
    },
    {
      method: "POST",
      path: "/api/v1/model-connections/{id}/test",
      scope: "admin",
      summary: "Test a model connection: list its models with its key and time limit",
      description: "Answers 200 either way; `ok`, `error` and `status` say how the endpoint answered.",
      idDescription: CONNECTION_ID,
      responses: {
        200: { description: "How the endpoint answered.", schema: ZConnectionTestResult },
        404: { description: NO_CONNECTION },
      },
      handler: postConnectionTest,
    },
    {
      method: "GET",
      path: "/api/v1/judges",
      scope: "admin",
      summary: "The project's judges",
      responses: { 200: { description: "The judges.", schema: ZJudgeList } },
      handler: getJudges,
    },
    {
      method: "POST",
      path: "/api/v1/judges",
      scope: "admin",
      summary: "Add a judge: a connection and model filling one score config for each thought or the session",
      description:
        "The answer follows a JSON schema built from the config: `value` (numeric within min–max, a categorical " +
        "label, or a boolean; text configs take the rationale as their value), `rationale` and `confidence`. " +
        VARIABLES,
      body: ZJudgeInput,
      example:
        'Send e.g. {"name": "step quality", "connectionId": "…", "model": "llama3.1:8b", "scoreConfigId": "…", "target": "thought"}.',
      responses: {
        201: { description: "Added.", schema: ZJudgeView },
        400: { description: "An unknown template variable, or a config a judge cannot fill." },
        404: { description: "No such connection or score config in this project." },
        409: { description: "A judge already has this name." },
      },
      handler: postJudge,
    },
    {
      method: "GET",
      path: "/api/v1/judges/{id}",
      scope: "admin",
      summary: "One judge",
      idDescription: JUDGE_ID,
      responses: { 200: { description: "The judge.", schema: ZJudgeView }, 404: { description: NO_JUDGE } },
      handler: getJudgeRoute,
    },
    {
      method: "PATCH",
      path: "/api/v1/judges/{id}",
      scope: "admin",
      summary: "Change a judge (send only what changes)",
      idDescription: JUDGE_ID,
      body: ZJudgeUpdate,
      example: 'Send e.g. {"model": "gpt-4.1-mini"} or {"autoRun": true, "sampleRate": 0.1}.',
      responses: {
        200: { description: "Changed.", schema: ZJudgeView },
        404: { description: NO_JUDGE },
        409: { description: "A judge already has this name." },
      },
      handler: patchJudge,
    },
    {
      method: "DELETE",
      path: "/api/v1/judges/{id}",
      scope: "admin",
      summary: "Delete a judge: it stops and its queued jobs are cancelled; its scores stay",
      idDescription: JUDGE_ID,
      responses: { 200: { description: "Deleted.", schema: ZDeleted }, 404: { description: NO_JUDGE } },
      handler: deleteJudgeRoute,
    },
    {
      method: "POST",
      path: "/api/v1/judges/{id}/preview",
      scope: "admin",
      summary: "Run the judge once on one thought (or session) and see the exact prompt sent; nothing is stored",
      idDescription: JUDGE_ID,
      body: ZPreviewInput,
      example: 'Send e.g. {"thoughtId": "…"}, or {"thoughtId": "…", "prompt": "an unsaved template"}.',
      responses: {
        200: { description: "The messages sent, the schema, and the answer or the error.", schema: ZPreviewResult },
        404: { description: "No such judge, thought or session in this project." },
        429: { description: "The daily budget is spent." },
      },
      handler: postPreview,
    },
    {
      method: "POST",
      path: "/api/v1/judges/{id}/estimate",
      scope: "admin",
      summary: "What a run would cost: sessions, calls, tokens, US dollars, and today's budget left",
      idDescription: JUDGE_ID,
      body: ZRunTarget,
      example: 'Send what a run would take, e.g. {"filter": {"status": "completed"}}.',
      responses: { 200: { description: "The estimate.", schema: ZRunEstimate }, 404: { description: NO_JUDGE } },
      handler: postEstimate,
    },
    {
      method: "POST",
      path: "/api/v1/judges/{id}/runs",
      scope: "admin",
      summary: "Run the judge on a session, a thought, every session matching a sessions-list filter, or a queue",
      idDescription: JUDGE_ID,
      body: ZRunTarget,
      example:
        'Send one of {"sessionId": "…"}, {"thoughtId": "…"}, {"filter": {"status": "completed"}}, {"queueId": "…"}.',
      responses: {
        201: { description: "The run, queued.", schema: ZRunCreated },
        400: { description: "Nothing to judge (no session matches), or too much (over 100,000 calls)." },
        404: { description: "No such judge, session, thought or queue in this project." },
      },
      handler: postRun,
    },
    {
      method: "GET",
      path: "/api/v1/judge-runs",
      scope: "admin",
      summary: "The project's judge runs, newest first",
      query: ZListRunsQuery,
      responses: { 200: { description: "The runs.", schema: ZRunList } },
      handler: getRuns,
    },
    {
      method: "GET",
      path: "/api/v1/judge-runs/{id}",
      scope: "admin",
      summary: "A judge run: status, counts, tokens, cost and failures with the provider's error",
      idDescription: "The run's id.",
      responses: { 200: { description: "The run.", schema: ZRunView }, 404: { description: "No such run." } },
      handler: getRunRoute,
    },
    {
      method: "POST",
      path: "/api/v1/judge-runs/{id}/cancel",
      scope: "admin",
      summary: "Cancel a run: queued jobs stop; a call in flight is dropped when it ends",
      idDescription: "The run's id.",
      responses: {
        200: { description: "The run, cancelled.", schema: ZRunView },
        404: { description: "No such run." },
      },
      handler: postCancel,
    },
    {
      method: "GET",
      path: "/api/v1/judge-settings",
      scope: "admin",
      summary: "The project's daily judge budget and today's use",
      responses: { 200: { description: "The budget.", schema: ZJudgeSettingsView } },
      handler: getSettings,
    },
    {
      method: "PATCH",
      path: "/api/v1/judge-settings",
      scope: "admin",
      summary: "Set the daily judge budget: calls and/or tokens per UTC day (null: no limit)",
      body: ZJudgeSettingsInput,
      example: 'Send e.g. {"dailyCallLimit": 1000, "dailyTokenLimit": null}.',
      responses: { 200: { description: "The budget.", schema: ZJudgeSettingsView } },
      handler: patchSettings,
    },
  ];
}
