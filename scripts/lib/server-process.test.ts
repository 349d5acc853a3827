import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stopListedServers } from "./server-process";

const children: ChildProcess[] = [];

/** A process in its own group whose command line is `node -e … <last>`, as a server's ends in scripts/start.ts. */
function idle(last: string): ChildProcess {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", last], {
    detached: true,
    stdio: "ignore",
  });
  children.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode);
    else child.once("exit", (_code, signal) => resolve(signal));
  });

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

describe("stopListedServers", () => {
  it("stops the listed servers still running and leaves other processes and unknown pids alone", async () => {
    const server = idle("/repo/scripts/start.ts");
    const other = idle("/repo/scripts/other.ts");
    const ledger = path.join(mkdtempSync(path.join(os.tmpdir(), "ledger-")), "servers");
    // 2^22 + 1 is above Linux's largest pid, so it names no process: a server its test already stopped.
    writeFileSync(ledger, `${server.pid}\n${other.pid}\n${server.pid}\n${2 ** 22 + 1}\n`);

    expect(stopListedServers(ledger)).toEqual([server.pid]);
    expect(await exited(server)).toBe("SIGKILL");
    expect(other.exitCode).toBeNull();
    expect(other.signalCode).toBeNull();
  });

  it("does nothing without a ledger", () => {
    expect(stopListedServers(path.join(os.tmpdir(), "no-such-ledger-file"))).toEqual([]);
  });
});
