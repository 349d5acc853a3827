// An OTLP/HTTP request body as the exporters send it: `application/x-protobuf` or `application/json`, optionally
// `Content-Encoding: gzip`. The body is read within the OTLP limit as sent and decompressed within the same limit,
// so a small gzip bomb is refused at the limit instead of filling memory.
import { gunzip } from "node:zlib";
import { promisify } from "node:util";
import "@/server/server-only";
import { currentLimits } from "@/server/config";
import { DomainError, ValidationError } from "@/server/errors";
import type { DoorRequest } from "@/server/http/door";

const gunzipAsync = promisify(gunzip);

export type Encoding = "protobuf" | "json";

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string, field: string, suggestion: string) {
    super("unsupported_media_type", 415, message, field, suggestion);
  }
}

/** Which encoding the request declares (415 for any other Content-Type). */
export function encodingOf(req: DoorRequest): Encoding {
  const type = (req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-protobuf" || type === "application/protobuf") return "protobuf";
  if (type === "application/json") return "json";
  throw new UnsupportedMediaTypeError(
    `Content-Type ${type === "" ? "is missing" : `"${type}" is not an OTLP encoding`}.`,
    "content-type",
    "Send application/x-protobuf (OTLP's default, e.g. OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf) or application/json.",
  );
}

/** An export's body: decompressed, and gzip-compressed as the exporter sent it (when it did). */
export interface ExportBody {
  body: Buffer;
  gzipped?: Buffer;
}

/** The body, decompressed: bytes within `maxOtlpBytes` both as sent and as decompressed. */
export async function readExport(req: DoorRequest): Promise<ExportBody> {
  const limit = currentLimits().maxOtlpBytes;
  const coding = (req.header("content-encoding") ?? "identity").trim().toLowerCase();
  if (coding !== "gzip" && coding !== "identity" && coding !== "") {
    throw new UnsupportedMediaTypeError(
      `Content-Encoding "${coding}" is not supported.`,
      "content-encoding",
      "Send the body as is or gzip-compressed (the exporters' compression: 'gzip').",
    );
  }
  const body = await req.readBody(limit);
  if (coding !== "gzip") return { body };
  try {
    return { body: await gunzipAsync(body, { maxOutputLength: limit }), gzipped: body };
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      throw new DomainError(
        "request_too_large",
        413,
        `The request body is larger than ${limit} bytes once decompressed.`,
        "body",
        "Export fewer spans per request (the batch processor's maxExportBatchSize).",
      );
    }
    throw new ValidationError({
      field: "body",
      message: `The body is not valid gzip (${(error as Error).message}).`,
      suggestion: "Send Content-Encoding: gzip only with a gzip-compressed body.",
    });
  }
}
