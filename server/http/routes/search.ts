// GET /api/v1/search?q=… — thoughts across every session of the key's project, ranked, with highlight ranges.
import { firstProblem } from "@/lib/contracts/errors";
import { ZThoughtSearchQuery } from "@/lib/contracts/search";
import { getDb } from "@/server/db/client";
import { ValidationError } from "@/server/errors";
import type { DoorHandler } from "@/server/http/door";
import { authenticate, handle, json, queryOf } from "@/server/http/respond";
import { searchThoughts } from "@/server/services/search/thought-search";

export const getSearch: DoorHandler = (req) =>
  handle(async () => {
    const who = await authenticate(req);
    const query = ZThoughtSearchQuery.safeParse(queryOf(req));
    if (!query.success) throw new ValidationError(firstProblem(query.error));
    return json(await searchThoughts(getDb(), who.projectId, query.data));
  });
