// POST /api/v1/otel/v1/traces and /v1/logs behind the door: read and decode the export in its encoding, record it,
// and answer as OTLP says, in the request's encoding: an empty ExportTrace/LogsServiceResponse when everything was
// taken, else its partial_success with the count of spans (log records) refused and why. Bad input throws the domain
// errors every door maps to JSON 4xx answers.
import { brotliCompressSync, constants } from "node:zlib";
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

const BROTLI_FASTEST = { params: { [constants.BROTLI_PARAM_QUALITY]: 0 } };

/**
 * What the ingest log keeps of a request, so a mapping fix can replay it: JSON as sent; protobuf compressed, then
 * base64: the exporter's own gzip bytes when it sent them so, else Brotli at quality 0. Kept as base64 of the raw
 * bytes, a 1,000-span export's 1.15 MB of real text logged 1.53 MB, which cost the server ~5 ms of CPU per 1,000
 * thoughts to post to the write thread, write and checkpoint (bench:ingest); Brotli 0 makes it 289 KB in 2.3 ms
 * (gzip level 1: 373 KB in 7.3 ms; base64 alone 0.9 ms). Written as JSON text here: base64 needs no escaping, and
 * serialising the log object would scan the text again.
 */
function logged(signal: Signal, encoding: Encoding, { body, gzipped }: ExportBody): JsonText {
  if (encoding === "json")
    return new JsonText(`{"otlp":"${signal}","encoding":"json","request":${body.toString("utf8")}}`);
  const [compression, bytes] = gzipped ? ["gzip", gzipped] : ["br", brotliCompressSync(body, BROTLI_FASTEST)];
  return new JsonText(
    `{"otlp":"${signal}","encoding":"protobuf","compression":"${compression}","request":"${bytes.toString("base64")}"}`,
  );
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
