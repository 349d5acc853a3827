// A minimal Server-Sent Events reader over fetch, for tRPC subscriptions (Node 20 has no EventSource).
export interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

export interface SseStream {
  /** Waits until `count` data messages (event "message") have arrived; returns all so far. */
  next(count: number, timeoutMs?: number): Promise<SseMessage[]>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`SSE ${url} answered ${res.status}: ${await res.text()}`);
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let buffer = "";
  const decoder = new TextDecoder();
  void (async () => {
    const reader = res.body!.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const msg: SseMessage = { event: "message", data: "" };
          for (const line of block.split("\n")) {
            const colon = line.indexOf(":");
            if (colon <= 0) continue;
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).replace(/^ /, "");
            if (field === "event") msg.event = value;
            else if (field === "id") msg.id = value;
            else if (field === "data") msg.data += value;
          }
          if (msg.event === "message" && msg.data !== "") {
            messages.push(msg);
            for (const w of waiters) w();
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    next(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve([...messages]);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`only ${messages.length} of ${count} SSE messages arrived`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

/** The URL of a tRPC subscription over SSE. */
export function trpcSubscriptionUrl(base: string, path: string, input: unknown): string {
  return `${base}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
}
