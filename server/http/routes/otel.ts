// POST /api/v1/otel/v1/traces and /api/v1/otel/v1/logs: the OTLP/HTTP receiver (an exporter's base URL is
// …/api/v1/otel). The service reads the body in the encoding the request declares and answers in it.
import type { RouteHandler } from "@/server/http/door";
import { receiveExport, type Signal } from "@/server/otlp/export-service";

const receiver =
  (signal: Signal): RouteHandler =>
  async (req, { principal }) => {
    const a = await receiveExport(principal!, signal, req);
    return { status: 200, headers: { "content-type": a.contentType }, body: a.body };
  };

export const postOtelTraces = receiver("traces");
export const postOtelLogs = receiver("logs");
