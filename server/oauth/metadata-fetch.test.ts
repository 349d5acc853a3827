// The metadata document fetch's address fence, without a thoughtgraph server: a TCP listener on loopback counts the
// connections made to it, so a refusal is shown to happen before any packet leaves (the https exchange itself, with
// its size and time limits, is tested against the production server in test/api/oauth.test.ts).
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchMetadataDocument } from "./metadata-fetch";
import { OAuthProtocolError } from "./oauth-error";

let connections = 0;
const servers: net.Server[] = [];
const ports: Partial<Record<"v4" | "v6", number>> = {};

async function listen(host: string): Promise<number | undefined> {
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  const port = await new Promise<number | undefined>((resolve) => {
    server.once("error", () => resolve(undefined)); // no IPv6 on this machine
    server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port));
  });
  if (port !== undefined) servers.push(server);
  return port;
}

beforeAll(async () => {
  ports.v4 = await listen("127.0.0.1");
  ports.v6 = await listen("::1");
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe("fetchMetadataDocument's address fence", () => {
  it("refuses a client_id whose host is a loopback or private address literal, without connecting", async () => {
    const urls = [
      `https://127.0.0.1:${ports.v4}/client.json`,
      // The same address spelled as one number: the URL parser normalizes it to 127.0.0.1.
      `https://2130706433:${ports.v4}/client.json`,
      ...(ports.v6 ? [`https://[::1]:${ports.v6}/client.json`] : []),
      `https://[::ffff:127.0.0.1]:${ports.v4}/client.json`,
      "https://10.0.0.1/client.json",
      "https://169.254.169.254/latest/meta-data",
    ];
    for (const url of urls) {
      const refused = await fetchMetadataDocument(url, []).catch((e: unknown) => e);
      expect(refused, url).toBeInstanceOf(OAuthProtocolError);
      expect(refused, url).toMatchObject({ error: "invalid_client" });
      expect((refused as Error).message, url).toMatch(/private, loopback or other special-use address/);
    }
    expect(connections).toBe(0);
  });

  it("refuses a name that resolves to loopback, and lets an admin-allowed host through to the connection", async () => {
    await expect(fetchMetadataDocument(`https://localhost:${ports.v4}/client.json`, [])).rejects.toThrow(
      /resolves only to private, loopback/,
    );
    expect(connections).toBe(0);
    // Allowed by name (THOUGHTGRAPH_OAUTH_CIMD_PRIVATE_HOSTS): the connection is made (the listener then hangs up).
    await expect(fetchMetadataDocument(`https://127.0.0.1:${ports.v4}/client.json`, ["127.0.0.1"])).rejects.toThrow(
      /fetching/,
    );
    expect(connections).toBe(1);
  });
});
