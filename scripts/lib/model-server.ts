// A stand-in for a model endpoint, the one fake the team's standards allow (no real model can run here): a real HTTP
// server on a free loopback port that speaks OpenAI's Chat Completions (structured output as response_format
// json_schema) and Anthropic's Messages (structured output as the `json` tool call, or as output_config's JSON
// schema), plus GET /v1/models for both. Each request is answered from a script: an answer, a latency, a status with
// Retry-After, malformed JSON, a body that trickles out slowly, or no answer at all. Every request is recorded
// (protocol, model, system and user text, schema, headers) so tests can check the exact prompt and count calls.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Protocol = "openai" | "anthropic";

export interface ModelRequest {
  protocol: Protocol;
  path: string;
  model: string;
  system: string;
  /** The user message's text. */
  prompt: string;
  /** The JSON schema the answer must follow, however the protocol carried it. */
  schema: unknown;
  /** How the schema came: OpenAI's response_format, Anthropic's json tool or its output_config. */
  structuredAs: "response_format" | "tool" | "output_config" | "none";
  headers: http.IncomingHttpHeaders;
  body: unknown;
  at: number;
}

export interface ModelReply {
  /** The structured answer (serialised as the model's JSON). */
  answer?: unknown;
  /** The model's text instead of a JSON answer (e.g. malformed JSON). */
  text?: string;
  /** The HTTP body as-is, instead of the protocol's envelope. */
  rawBody?: string;
  status?: number;
  retryAfter?: string;
  /** Wait before the headers. */
  latencyMs?: number;
  /** Send the body one byte every this many ms. */
  trickleMs?: number;
  /** Never answer (the client must time out). */
  hang?: boolean;
  /** A redirect: 307 to this URL. */
  redirectTo?: string;
  usage?: { input: number; output: number };
}

export type Script = (req: ModelRequest, index: number) => ModelReply;

export interface ModelServer {
  /** The base URL to configure, e.g. http://127.0.0.1:41234/v1 */
  url: string;
  origin: string;
  requests: ModelRequest[];
  /** Completion requests only (not /models). */
  calls(): ModelRequest[];
  setScript(script: Script): void;
  /** Completion requests being answered now (a request the client gave up on ends when its socket closes). */
  inFlight(): number;
  /** Most requests in flight at once since the start (or the last resetMaxInFlight). */
  maxInFlight(): number;
  resetMaxInFlight(): void;
  /** Client connections open now; once a killed client's have closed, every request it sent is in calls(). */
  openConnections(): number;
  close(): Promise<void>;
}

const MODELS = ["judge-small", "judge-large"];

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((p) => (typeof (p as { text?: unknown }).text === "string" ? (p as { text: string }).text : ""))
      .join("");
  }
  return "";
}

function readOpenAi(body: Record<string, unknown>): Omit<ModelRequest, "path" | "headers" | "body" | "at"> {
  const messages = (body.messages ?? []) as { role: string; content: unknown }[];
  const format = body.response_format as { type?: string; json_schema?: { schema?: unknown } } | undefined;
  return {
    protocol: "openai",
    model: String(body.model),
    system: messages
      .filter((m) => m.role === "system")
      .map((m) => textOf(m.content))
      .join("\n"),
    prompt: messages
      .filter((m) => m.role === "user")
      .map((m) => textOf(m.content))
      .join("\n"),
    schema: format?.json_schema?.schema ?? null,
    structuredAs: format?.type === "json_schema" ? "response_format" : "none",
  };
}

function readAnthropic(body: Record<string, unknown>): Omit<ModelRequest, "path" | "headers" | "body" | "at"> {
  const messages = (body.messages ?? []) as { role: string; content: unknown }[];
  const tools = (body.tools ?? []) as { name?: string; input_schema?: unknown }[];
  const jsonTool = tools.find((t) => t.name === "json");
  const outputFormat = (body.output_config as { format?: { schema?: unknown } } | undefined)?.format;
  return {
    protocol: "anthropic",
    model: String(body.model),
    system: textOf(body.system),
    prompt: messages
      .filter((m) => m.role === "user")
      .map((m) => textOf(m.content))
      .join("\n"),
    schema: jsonTool?.input_schema ?? outputFormat?.schema ?? null,
    structuredAs: jsonTool ? "tool" : outputFormat ? "output_config" : "none",
  };
}

function envelope(req: ModelRequest, reply: ModelReply, n: number): unknown {
  const text = reply.text ?? JSON.stringify(reply.answer ?? {});
  const usage = reply.usage ?? { input: Math.ceil((req.system.length + req.prompt.length) / 4), output: 20 };
  if (req.protocol === "openai") {
    return {
      id: `chatcmpl-${n}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: req.model,
      choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
    };
  }
  const content =
    req.structuredAs === "tool" && reply.text === undefined
      ? [{ type: "tool_use", id: `toolu_${n}`, name: "json", input: reply.answer ?? {} }]
      : [{ type: "text", text }];
  return {
    id: `msg_${n}`,
    type: "message",
    role: "assistant",
    model: req.model,
    content,
    stop_reason: content[0]!.type === "tool_use" ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startModelServer(script: Script = () => ({ answer: {} })): Promise<ModelServer> {
  let current = script;
  const requests: ModelRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let completions = 0;
  const sockets = new Set<import("node:net").Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void answer(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const path = (req.url ?? "/").split("?")[0]!;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && path.endsWith("/models")) {
      const anthropic = req.headers["anthropic-version"] !== undefined;
      requests.push({
        protocol: anthropic ? "anthropic" : "openai",
        path,
        model: "",
        system: "",
        prompt: "",
        schema: null,
        structuredAs: "none",
        headers: req.headers,
        body: null,
        at: Date.now(),
      });
      const reply = current(requests.at(-1)!, -1);
      if (reply.redirectTo) {
        res.writeHead(307, { location: reply.redirectTo });
        res.end();
        return;
      }
      if (reply.status && reply.status !== 200) return json(reply.status, reply.answer ?? { error: { message: "no" } });
      return json(
        200,
        anthropic
          ? { data: MODELS.map((id) => ({ id, type: "model", display_name: id })), has_more: false }
          : { object: "list", data: MODELS.map((id) => ({ id, object: "model", owned_by: "test" })) },
      );
    }
    const openai = path.endsWith("/chat/completions");
    const anthropic = path.endsWith("/messages");
    if (req.method !== "POST" || (!openai && !anthropic)) return json(404, { error: { message: `no route ${path}` } });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return json(400, { error: { message: "request body is not JSON" } });
    }
    const request: ModelRequest = {
      ...(openai ? readOpenAi(body) : readAnthropic(body)),
      path,
      headers: req.headers,
      body,
      at: Date.now(),
    };
    requests.push(request);
    const n = completions++;
    const reply = current(request, n);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      if (reply.hang) {
        await new Promise<void>((resolve) => res.on("close", resolve));
        return;
      }
      if (reply.latencyMs) await sleep(reply.latencyMs);
      if (reply.redirectTo) {
        res.writeHead(307, { location: reply.redirectTo });
        res.end();
        return;
      }
      const status = reply.status ?? 200;
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (reply.retryAfter !== undefined) headers["retry-after"] = reply.retryAfter;
      const text =
        reply.rawBody ??
        JSON.stringify(
          status === 200
            ? envelope(request, reply, n)
            : openai
              ? { error: { message: reply.text ?? `scripted ${status}`, type: "server_error" } }
              : { type: "error", error: { type: "api_error", message: reply.text ?? `scripted ${status}` } },
        );
      if (reply.trickleMs) {
        res.writeHead(status, headers);
        for (const byte of Buffer.from(text)) {
          if (res.destroyed) return;
          res.write(Buffer.from([byte]));
          await sleep(reply.trickleMs);
        }
        res.end();
        return;
      }
      res.writeHead(status, headers);
      res.end(text);
    } finally {
      inFlight--;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/v1`,
    origin,
    requests,
    calls: () => requests.filter((r) => !r.path.endsWith("/models")),
    setScript: (s) => {
      current = s;
    },
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    resetMaxInFlight: () => {
      maxInFlight = inFlight;
    },
    openConnections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
