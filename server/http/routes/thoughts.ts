// POST /api/v1/thoughts — record one thought (the `sequentialthinking` arguments plus ours). The service parses the
// body (the route table's `bodyCheckedBy: "service"`): the fast path first, and the raw body for the idempotency log.
import { currentLimits } from "@/server/config";
import type { RouteHandler } from "@/server/http/door";
import { idempotencyKeyOf, json, readJsonText } from "@/server/http/respond";
import { recordThought } from "@/server/ingest/record-thoughts";

export const postThought: RouteHandler = async (req, { principal }) => {
  const key = idempotencyKeyOf(req);
  const { value: body } = await readJsonText(req, currentLimits().maxBodyBytes);
  const { status, result } = await recordThought(principal!, body, key);
  return json(result, status);
};
