// POST /api/v1/thoughts — record one thought (the `sequentialthinking` arguments plus ours).
import { currentLimits } from "@/server/config";
import type { DoorHandler } from "@/server/http/door";
import { authenticate, handle, idempotencyKeyOf, json, readJson } from "@/server/http/respond";
import { recordThought } from "@/server/ingest/record-thoughts";

export const postThought: DoorHandler = (req) =>
  handle(async () => {
    const who = await authenticate(req, "write");
    const key = idempotencyKeyOf(req);
    const body = await readJson(req, currentLimits().maxBodyBytes);
    const { status, result } = await recordThought(who, body, key);
    return json(result, status);
  });
