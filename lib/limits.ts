// Defaults for the limits every door enforces. The server reads overrides from the environment (server/config.ts);
// these are the values the contracts and docs quote.
export const DEFAULT_LIMITS = {
  /** Characters in one thought's text. The official server has no limit; 100k covers the longest real thoughts. */
  maxThoughtChars: 100_000,
  /** Thoughts in one session. A runaway agent loop stops here instead of filling the disk. */
  maxThoughtsPerSession: 10_000,
  /** Events in one POST /api/v1/ingest. */
  maxIngestEvents: 1_000,
  /** Bytes in one request body (ingest and import). */
  maxBodyBytes: 4 * 1024 * 1024,
  /** Bytes of one OTLP export (POST /api/v1/otel/v1/*), as sent and once decompressed: exporters send a batch of up
   *  to 512 spans by default, and GenAI spans carry whole conversations (the OpenTelemetry Collector's own default
   *  is 20 MiB). */
  maxOtlpBytes: 16 * 1024 * 1024,
  /** Bytes of a thought's metadata once serialised. */
  maxMetadataBytes: 16 * 1024,
  /** Minutes an implicit session stays joinable after its last thought (lib/domain/session-rule.ts). */
  sessionIdleMinutes: 30,
} as const;

export type Limits = { -readonly [K in keyof typeof DEFAULT_LIMITS]: number };
