// POST /api/v1/otel/v1/traces and /v1/logs behind the door: read and decode the export in its encoding, record it,
// and answer as OTLP says, in the request's encoding: an empty ExportTrace/LogsServiceResponse when everything was
// taken, else its partial_success with the count of spans (log records) refused and why. Bad input throws the domain
// errors every door maps to JSON 4xx answers.
import { gzipSync } from "node:zlib";
import "@/server/server-only";
import type { Writer } from "@/server/ingest/record-thoughts";
import { JsonText } from "@/server/ingest/write-store";
import type { DoorRequest } from "@/server/http/door";
import { logsFromJson, tracesFromJson } from "./decode-json";
import { logsFromProtobuf, tracesFromProtobuf } from "./decode-protobuf";
import { opentelemetry } from "./proto/generated/otlp.js";
import { encodingOf, readExport, type Encoding, type ExportBody } from "./read-export";
import { recordOtlp, type OtlpOutcome } from "./record-otlp";

const collector = opentelemetry.proto.collector.v1;

export type Signal = "traces" | "logs";

export interface ExportAnswer {
  contentType: string;
  body: string | Uint8Array;
  outcome: OtlpOutcome;
}

/**
 * What the ingest log keeps of a request, so a mapping fix can replay it: JSON as sent; protobuf gzip-compressed (as
 * the exporter sent it, or at level 1 here) and then base64. bench:ingest's 1,000-span export is 983 KB: 1.31 MB as
 * base64 cost the server ~5 ms of CPU per 1,000 thoughts to encode, post to the write thread, write and checkpoint
 * (~13 % of the export's cost); gzipped it is 34 KB, in 0.9 ms per export. Written as JSON text here: base64 needs no
 * escaping, and serialising the log object would scan the text again.
 */
function logged(signal: Signal, encoding: Encoding, { body, gzipped }: ExportBody): JsonText {
  if (encoding === "json")
    return new JsonText(`{"otlp":"${signal}","encoding":"json","request":${body.toString("utf8")}}`);
  const request = (gzipped ?? gzipSync(body, { level: 1 })).toString("base64");
  return new JsonText(`{"otlp":"${signal}","encoding":"protobuf","compression":"gzip","request":"${request}"}`);
}

function answer(signal: Signal, encoding: Encoding, outcome: OtlpOutcome): ExportAnswer {
  const partial = outcome.rejected > 0;
  if (encoding === "json") {
    const count = signal === "traces" ? "rejectedSpans" : "rejectedLogRecords";
    const body = partial
      ? { partialSuccess: { [count]: String(outcome.rejected), errorMessage: outcome.message } }
      : {};
    return { contentType: "application/json", body: JSON.stringify(body), outcome };
  }
  const bytes =
    signal === "traces"
      ? collector.ExportTraceServiceResponse.encode(
          partial ? { partialSuccess: { rejectedSpans: outcome.rejected, errorMessage: outcome.message } } : {},
        ).finish()
      : collector.ExportLogsServiceResponse.encode(
          partial ? { partialSuccess: { rejectedLogRecords: outcome.rejected, errorMessage: outcome.message } } : {},
        ).finish();
  return { contentType: "application/x-protobuf", body: bytes, outcome };
}

export async function receiveExport(who: Writer, signal: Signal, req: DoorRequest): Promise<ExportAnswer> {
  const encoding = encodingOf(req);
  const sent = await readExport(req);
  const { body } = sent;
  const log = logged(signal, encoding, sent);
  let outcome: OtlpOutcome;
  if (signal === "traces") {
    outcome = await recordOtlp(
      who,
      encoding === "json" ? tracesFromJson(body.toString("utf8")) : tracesFromProtobuf(body),
      [],
      log,
    );
  } else {
    outcome = await recordOtlp(
      who,
      [],
      encoding === "json" ? logsFromJson(body.toString("utf8")) : logsFromProtobuf(body),
      log,
    );
  }
  return answer(signal, encoding, outcome);
}
