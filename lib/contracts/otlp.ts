// POST /api/v1/otel/v1/traces and /v1/logs: OTLP/HTTP export requests and their answers, as documented in the
// OpenAPI document. The receiver decodes the body itself (server/otlp: protobuf or OTLP/JSON, checked field by field);
// these schemas describe the JSON form.
import { z } from "zod";

export const ZOtlpTracesRequest = z.looseObject({
  resourceSpans: z.array(z.unknown()).describe("OTLP/JSON ResourceSpans: resource, scopeSpans[].spans[]"),
});

export const ZOtlpLogsRequest = z.looseObject({
  resourceLogs: z.array(z.unknown()).describe("OTLP/JSON ResourceLogs: resource, scopeLogs[].logRecords[]"),
});

/** The OTLP answer: empty when every span was taken, else a partial success with the count refused and why. */
export const ZOtlpTracesResponse = z.object({
  partialSuccess: z.object({ rejectedSpans: z.string(), errorMessage: z.string() }).optional(),
});

export const ZOtlpLogsResponse = z.object({
  partialSuccess: z.object({ rejectedLogRecords: z.string(), errorMessage: z.string() }).optional(),
});
