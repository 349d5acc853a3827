/** A session that does not exist answers at once: NOT_FOUND is final, other errors retry twice. */
export const retryUnlessNotFound = (failures: number, error: { data?: { code?: string } | null }) =>
  error.data?.code !== "NOT_FOUND" && failures < 2;
