import { describe, expect, it } from "vitest";

import { parseMentions } from "@/lib/contracts/comments";
import { insertMention, matchMembers, mentionAt, MENTION_LIMIT } from "./mention-query";

const members = [
  { handle: "ana", name: "Ana Lima" },
  { handle: "bo", name: "Bo Chen" },
  { handle: "chen", name: "Chen Wei" },
  { handle: "dana", name: "dana@example.com" },
];

describe("mentionAt", () => {
  it("finds the handle being typed at the caret", () => {
    expect(mentionAt("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionAt("Could you check @An", 19)).toEqual({ start: 16, query: "an" });
    expect(mentionAt("(@bo", 4)).toEqual({ start: 1, query: "bo" });
  });

  it("is null away from a mention, after a space and inside an e-mail address", () => {
    expect(mentionAt("no mention", 10)).toBeNull();
    expect(mentionAt("@ana and", 8)).toBeNull();
    expect(mentionAt("mail ana@example", 16)).toBeNull();
    expect(mentionAt("@@ana", 5)).toBeNull();
  });

  it("reads only up to the caret", () => {
    expect(mentionAt("@ana is here", 3)).toEqual({ start: 0, query: "an" });
  });
});

describe("matchMembers", () => {
  it("puts handle matches before name matches", () => {
    expect(matchMembers(members, "chen").map((m) => m.handle)).toEqual(["chen", "bo"]);
    expect(matchMembers(members, "").map((m) => m.handle)).toEqual(["ana", "bo", "chen", "dana"]);
  });

  it("matches any word of the name, ignoring case", () => {
    expect(matchMembers(members, "LIM").map((m) => m.handle)).toEqual(["ana"]);
    expect(matchMembers(members, "zz")).toEqual([]);
  });

  it("shows at most MENTION_LIMIT", () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ handle: `m${i}`, name: `M ${i}` }));
    expect(matchMembers(many, "m")).toHaveLength(MENTION_LIMIT);
  });
});

describe("insertMention", () => {
  it("replaces the typed part with the handle and a space, and what it inserts parses as a mention", () => {
    const text = "Could you check @an";
    const at = mentionAt(text, text.length)!;
    const out = insertMention(text, at, text.length, "ana");
    expect(out).toEqual({ text: "Could you check @ana ", caret: 21 });
    expect(parseMentions(out.text)).toEqual(["ana"]);
  });

  it("keeps the text after the caret", () => {
    const text = "@b please look";
    const out = insertMention(text, mentionAt(text, 2)!, 2, "bo");
    expect(out.text).toBe("@bo please look");
    expect(out.caret).toBe(4);
  });
});
