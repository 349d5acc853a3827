// A failed request's message for people. tRPC sends a zod input failure as a JSON list of issues; show their
// messages joined, and any other message as it is.
export function errorText(error: { message: string }): string {
  try {
    const issues = JSON.parse(error.message) as unknown;
    if (Array.isArray(issues)) {
      const messages = issues.flatMap((i) =>
        typeof i === "object" && i !== null && typeof (i as { message?: unknown }).message === "string"
          ? [(i as { message: string }).message]
          : [],
      );
      if (messages.length > 0) return messages.join(" ");
    }
  } catch {
    // not JSON: a plain message
  }
  return error.message;
}
