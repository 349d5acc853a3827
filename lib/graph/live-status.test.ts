import { describe, expect, it } from "vitest";
import { isServerLiveStatus, liveStateOf } from "./live-status";

describe("liveStateOf", () => {
  it("reads a first connection as connecting and a lost one as reconnecting", () => {
    expect(liveStateOf("connecting", false, null)).toBe("connecting");
    expect(liveStateOf("connecting", true, null)).toBe("reconnecting");
  });
  it("is live while the stream is open, unless the server says it is reconnecting", () => {
    expect(liveStateOf("pending", true, null)).toBe("live");
    expect(liveStateOf("pending", true, "live")).toBe("live");
    expect(liveStateOf("pending", true, "reconnecting")).toBe("reconnecting");
  });
  it("maps idle and error", () => {
    expect(liveStateOf("idle", false, null)).toBe("off");
    expect(liveStateOf("error", true, null)).toBe("offline");
  });
  it("tells a status event from a thought", () => {
    expect(isServerLiveStatus({ liveStatus: "reconnecting" })).toBe(true);
    expect(isServerLiveStatus({ id: "t1", seq: 3 })).toBe(false);
    expect(isServerLiveStatus(null)).toBe(false);
  });
});
