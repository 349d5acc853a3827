// A session that arrived as OpenTelemetry traces (POST /api/v1/otel/v1/traces, OTLP/JSON with the GenAI conventions),
// reviewed in Debian's Chromium against the production build: its prompt, reasoning, tool call and result, a
// sub-agent's branch, withheld reasoning and answer in the transcript, hostile text shown as text, the header's sums
// of tokens and cost, the analytics page comparing agents and models by tokens and cost, and the onboarding's
// OpenTelemetry tab; axe and screenshots of each in both themes at 1440×900 and 1024×768.
import { expect, test } from "@playwright/test";
import { e2eServer } from "./support/agent";
import { checkThemes } from "./support/themes";

const { baseURL, apiKey } = e2eServer();
test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
const conversation = `e2e-otel-${Date.now()}`;
const trace = "5e2e".padStart(32, "0");
const span = (n: number) => n.toString(16).padStart(16, "0");
const ns = (s: number) => (1_767_225_600_000_000_000n + BigInt(Math.round(s * 1e9))).toString();
const attrs = (o: Record<string, string | number>) =>
  Object.entries(o).map(([key, v]) => ({
    key,
    value: typeof v === "number" ? { intValue: String(v) } : { stringValue: v },
  }));
const out = (parts: unknown[]) => JSON.stringify([{ role: "assistant", parts }]);

interface TestSpan {
  id: number;
  parent: number;
  name: string;
  start: number;
  end: number;
  a: Record<string, string | number>;
}

const SPANS: TestSpan[] = [
  {
    id: 1,
    parent: 0,
    name: "invoke_agent planner",
    start: 0,
    end: 10,
    a: { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "planner" },
  },
  {
    id: 2,
    parent: 1,
    name: "chat claude-sonnet-4-5",
    start: 1,
    end: 3,
    a: {
      "gen_ai.operation.name": "chat",
      "gen_ai.request.model": "claude-sonnet-4-5",
      "gen_ai.input.messages": JSON.stringify([
        { role: "user", parts: [{ type: "text", content: "Plan a rainy day in Lyon." }] },
      ]),
      "gen_ai.output.messages": out([
        { type: "reasoning", content: `Check the weather first. ${XSS}` },
        { type: "tool_call", id: "call_1", name: "get_weather", arguments: { city: "Lyon" } },
      ]),
      "gen_ai.usage.input_tokens": 12_400,
      "gen_ai.usage.output_tokens": 2_100,
      "gen_ai.usage.reasoning.output_tokens": 1_500,
    },
  },
  {
    id: 3,
    parent: 1,
    name: "execute_tool get_weather",
    start: 3.1,
    end: 3.4,
    a: {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "get_weather",
      "gen_ai.tool.call.id": "call_1",
      "gen_ai.tool.call.arguments": '{"city":"Lyon"}',
      "gen_ai.tool.call.result": '{"sky":"rain"}',
    },
  },
  {
    id: 4,
    parent: 1,
    name: "execute_tool research",
    start: 3.5,
    end: 6,
    a: {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "research",
      "gen_ai.tool.call.id": "call_2",
      "gen_ai.tool.call.arguments": '{"topic":"museums"}',
      "gen_ai.tool.call.result": "Musée des Confluences",
    },
  },
  {
    id: 5,
    parent: 4,
    name: "invoke_agent researcher",
    start: 3.6,
    end: 5.9,
    a: { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "researcher" },
  },
  {
    id: 6,
    parent: 5,
    name: "chat gpt-5-mini",
    start: 3.7,
    end: 5.8,
    a: {
      "gen_ai.operation.name": "chat",
      "gen_ai.request.model": "gpt-5-mini",
      "gen_ai.output.messages": out([
        { type: "reasoning", content: "Museums are open when it rains." },
        { type: "text", content: "Musée des Confluences" },
      ]),
      "gen_ai.usage.input_tokens": 3_000,
      "gen_ai.usage.output_tokens": 400,
    },
  },
  {
    id: 7,
    parent: 1,
    name: "chat claude-sonnet-4-5",
    start: 6.1,
    end: 9,
    a: {
      "gen_ai.operation.name": "chat",
      "gen_ai.request.model": "claude-sonnet-4-5",
      "gen_ai.output.messages": out([
        { type: "reasoning", content: "" },
        { type: "text", content: "Rain all day: spend it at the Musée des Confluences." },
      ]),
      "gen_ai.usage.input_tokens": 15_000,
      "gen_ai.usage.output_tokens": 800,
    },
  },
];

const body = {
  resourceSpans: [
    {
      resource: { attributes: attrs({ "service.name": "trip-planner" }) },
      scopeSpans: [
        {
          scope: { name: "e2e" },
          spans: SPANS.map((s) => ({
            traceId: trace,
            spanId: span(s.id),
            ...(s.parent ? { parentSpanId: span(s.parent) } : {}),
            name: s.name,
            kind: 1,
            startTimeUnixNano: ns(s.start),
            endTimeUnixNano: ns(s.end),
            attributes: attrs({ ...s.a, "gen_ai.conversation.id": conversation }),
          })),
        },
      ],
    },
  ],
};

test("a session from OpenTelemetry traces, its tokens and cost, the analytics comparison and the OTLP set-up", async ({
  page,
  request,
}, testInfo) => {
  // Four screens, each checked by axe and photographed in two themes at two sizes.
  test.setTimeout(240_000);
  const sent = await request.post("/api/v1/otel/v1/traces", {
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    data: JSON.stringify(body),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const graph = await request.get(`/api/v1/sessions/${encodeURIComponent(`otlp:${conversation}`)}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const { session, thoughts } = (await graph.json()) as {
    session: { id: string };
    thoughts: { kind: string | null }[];
  };

  await page.goto(`/sessions/${session.id}`);
  const transcript = page.locator('section[aria-label="Transcript"]');
  // Ten thoughts; the two tool results (get_weather, research) read as part of their calls' rows.
  expect(thoughts.length).toBe(10);
  expect(thoughts.filter((t) => t.kind === "tool_result").length).toBe(2);
  await expect(transcript.locator('[data-testid="thought"]')).toHaveCount(8);
  await expect(transcript).toContainText("Plan a rainy day in Lyon.");
  await expect(transcript).toContainText("Reasoning not included");
  await expect(transcript).toContainText("<script>window.__xss=2</script>");
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  const usage = page.getByTestId("session-usage");
  await expect(usage).toHaveText(/30k in · 3.3k out \(1\.5k reasoning\) · \$0\.1\d\d/);
  await checkThemes(page, testInfo, "otlp-session");

  // The sessions list: tokens and cost per row, sortable, and a cost filter.
  await page.goto("/?sort=cost&order=desc");
  // The row as the reader sees it (a role locator leaves out hidden copies: one CI run met a second, hidden copy of
  // the table while the page loaded).
  const row = page.getByRole("row").filter({ hasText: `otlp:${conversation}` });
  await expect(row.getByTestId("row-tokens")).toHaveText("34k");
  await expect(row.getByTestId("row-cost")).toHaveText("$0.127");
  await expect(page.getByRole("columnheader", { name: "Cost" })).toHaveAttribute("aria-sort", "descending");
  await page.getByRole("combobox", { name: "Cost" }).selectOption("1");
  await expect(page.getByText("No sessions match these filters.")).toBeVisible();
  await page.getByRole("combobox", { name: "Cost" }).selectOption("0.1");
  await expect(row).toBeVisible();
  await checkThemes(page, testInfo, "otlp-sessions");

  await page.goto("/analytics");
  const byModel = page.getByRole("table", { name: "Tokens and cost by model" });
  await expect(byModel.getByRole("row", { name: /claude-sonnet-4-5/ })).toBeVisible();
  await expect(byModel.getByRole("row", { name: /gpt-5-mini/ })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Tokens and cost by agent" }).getByRole("row", { name: /planner/ }),
  ).toBeVisible();
  await byModel.scrollIntoViewIfNeeded();
  await checkThemes(page, testInfo, "otlp-analytics");

  await page.goto("/settings");
  const form = page.getByRole("form", { name: "New API key" });
  await form.getByLabel("Name").fill(`otel-${Date.now()}`);
  await form.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("tab", { name: "OpenTelemetry" }).click();
  const panel = page.getByRole("tabpanel", { name: "OpenTelemetry" });
  await expect(panel).toContainText(`OTEL_EXPORTER_OTLP_ENDPOINT=${baseURL.replace(/\/$/, "")}/api/v1/otel`);
  await expect(panel).toContainText("Traceloop.init(");
  await expect(panel).toContainText("from phoenix.otel import register");
  await panel.scrollIntoViewIfNeeded();
  await checkThemes(page, testInfo, "otlp-onboarding");
});
