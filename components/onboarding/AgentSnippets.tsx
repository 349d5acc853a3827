"use client";
// The set-up snippets for the agent clients as tabs, filled in with this server's URL (the page's origin) and the
// key, when there is one. Shown on the first-run page and under a key just created in Settings.
import { agentSnippets } from "@/lib/onboarding/agent-snippets";
import { CodeBlock } from "@/components/ui/CodeBlock";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/Tabs";

export function AgentSnippets({ apiKey }: { apiKey: string | null }) {
  // The origin the reader reached this page by is the one their agents can reach too (on this machine, the LAN or
  // behind a proxy); the server's own idea of its URL may be a bind address like 0.0.0.0.
  const baseUrl = typeof window === "undefined" ? "http://127.0.0.1:3000" : window.location.origin;
  const snippets = agentSnippets({ baseUrl, apiKey });
  return (
    <Tabs defaultValue="claude-code" className="min-w-0">
      <TabsList aria-label="Agent client" className="h-auto max-w-full flex-wrap justify-start">
        {snippets.map((s) => (
          <TabsTrigger key={s.id} value={s.id} className="h-7 flex-none">
            {s.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {snippets.map((s) => (
        <TabsContent key={s.id} value={s.id}>
          <CodeBlock code={s.code} caption={s.where} label={`${s.label} set-up`} />
          {s.more?.map((m) => (
            <CodeBlock
              key={m.where}
              code={m.code}
              caption={m.where}
              label={`${s.label} set-up: ${m.where}`}
              className="mt-3"
            />
          ))}
        </TabsContent>
      ))}
    </Tabs>
  );
}
