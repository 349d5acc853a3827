// POST /api/v1/otel/v1/traces and /v1/logs behind the door: read and decode the export in its encoding, record it,
// and answer as OTLP says, in the request's encoding: an empty ExportTrace/LogsServiceResponse when everything was
// taken, else its partial_success with the count of spans (log records) refused and why. Bad input throws the domain
// errors every door maps to JSON 4xx answers.
import "@/server/server-only";
import type { Writer } from "@/server/ingest/record-thoughts";
import { JsonText } from "@/server/ingest/write-store";
import type { DoorRequest } from "@/server/http/door";
import { logsFromJson, tracesFromJson } from "./decode-json";
import { logsFromProtobuf, tracesFromProtobuf } from "./decode-protobuf";
import { opentelemetry } from "./proto/generated/otlp.js";
import { encodingOf, readExport, type Encoding } from "./read-export";
import { recordOtlp, type OtlpOutcome } from "./record-otlp";

const collector = opentelemetry.proto.collector.v1;

export type Signal = "traces" | "logs";

export interface ExportAnswer {
  contentType: string;
  body: string | Uint8Array;
  outcome: OtlpOutcome;
}

/** What the ingest log keeps of a request: the body as sent (protobuf as base64), so a mapping fix can replay it.
 *  Written as JSON text here: base64 needs no escaping, and serialising the log object scanned the whole text again
 *  (~1.4 MB for a 1,000-span export). */
function logged(signal: Signal, encoding: Encoding, body: Buffer): JsonText {
  return encoding === "json"
    ? new JsonText(`{"otlp":"${signal}","encoding":"json","request":${body.toString("utf8")}}`)
    : new JsonText(`{"otlp":"${signal}","encoding":"protobuf","request":"${body.toString("base64")}"}`);
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
  const body = await readExport(req);
  const log = logged(signal, encoding, body);
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
