// Writes spread over two instances of a fleet (test/fleet/*), as clients behind a load balancer would send them.
import { ZIngestResponse } from "@/lib/contracts/ingest";
import { api, type RunningServer } from "@/scripts/lib/server-process";
import { record, thought } from "@/test/support/api-client";

export interface Ack {
  thoughtId: string;
  seq: number;
}

/** The body client `c` sends as its thought `n` of `perClient` to `session`. */
export const clientThought = (session: string, c: number, n: number, perClient: number) =>
  thought(n, perClient, { sessionId: session, thought: `client ${c} #${n}` });

/** The instance client `c`'s thought `n` goes to; `retry` is the other one. */
export const instanceFor = (a: RunningServer, b: RunningServer, c: number, n: number, retry = false) =>
  ((c + n) % 2 === 0) !== retry ? a : b;

/**
 * `clients` concurrent clients each write `perClient` thoughts to one session, alternating between `a` and `b`, each
 * with its own idempotency key (`${session}-${c}-${n}`); answers each key's acknowledgement.
 */
export async function writeAlternating(
  a: RunningServer,
  b: RunningServer,
  session: string,
  clients: number,
  perClient: number,
): Promise<Map<string, Ack>> {
  const acks = new Map<string, Ack>();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let n = 1; n <= perClient; n++) {
        const key = `${session}-${c}-${n}`;
        const r = await record(instanceFor(a, b, c, n), clientThought(session, c, n, perClient), {
          "idempotency-key": key,
        });
        acks.set(key, { thoughtId: r.thoughtId, seq: r.seq });
      }
    }),
  );
  return acks;
}

/**
 * One ingest request of `count` thoughts to `session` sent to `first`, then the same request (same event ids) to
 * `second`: each answer's [status, thoughtId, seq] per event.
 */
export async function ingestTwice(first: RunningServer, second: RunningServer, session: string, count: number) {
  const events = Array.from({ length: count }, (_, i) => ({
    id: `${session}-${i}`,
    type: "thought" as const,
    body: thought(i + 1, count, { sessionId: session }),
  }));
  const send = async (server: RunningServer) => {
    const res = await api(server, "/api/v1/ingest", { method: "POST", json: { events } });
    if (res.status !== 207) throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
    return ZIngestResponse.parse(await res.json()).results.map((r) => [r.status, r.thoughtId, r.seq] as const);
  };
  const once = await send(first);
  return [once, await send(second)] as const;
}

/**
 * Each client's thought 1 + (c % perClient) sent again with its key to the instance that did not take it (after
 * writeAlternating). Answers what came back and what should have: 200 with the first acknowledgement.
 */
export async function retryOnOther(
  a: RunningServer,
  b: RunningServer,
  session: string,
  perClient: number,
  acks: Map<string, Ack>,
) {
  const answered: { status: number; thoughtId: string; seq: number }[] = [];
  const expected: typeof answered = [];
  for (let c = 0; acks.has(`${session}-${c}-1`); c++) {
    const n = 1 + (c % perClient);
    const key = `${session}-${c}-${n}`;
    const res = await api(instanceFor(a, b, c, n, true), "/api/v1/thoughts", {
      method: "POST",
      json: clientThought(session, c, n, perClient),
      headers: { "idempotency-key": key },
    });
    const body = (await res.json()) as Ack;
    answered.push({ status: res.status, thoughtId: body.thoughtId, seq: body.seq });
    expected.push({ status: 200, ...acks.get(key)! });
  }
  return [answered, expected] as const;
}
