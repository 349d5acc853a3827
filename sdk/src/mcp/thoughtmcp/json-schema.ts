// The JSON-schema pieces and MCP annotations that ThoughtMCP's memory and reasoning definitions share
// (./memory-definitions.ts, ./reasoning-definitions.ts), declared once so both advertise the same shapes.
// Client-safe: no server code.
import type { JsonSchemaProperty } from "../definitions";

/** A list of strings; `maxItems` when the contract bounds it (the reasoning tools' context lists take 50). */
export const stringArray = (description: string, maxItems?: number): JsonSchemaProperty => ({
  type: "array",
  items: { type: "string" },
  ...(maxItems === undefined ? {} : { maxItems }),
  description,
});

/** A boolean option with its default (ThoughtMCP's descriptions name the default too). */
export const booleanOption = (defaultValue: boolean, description: string): JsonSchemaProperty => ({
  type: "boolean",
  default: defaultValue,
  description,
});

/** A number from 0 to 1 (strength, salience, importance). */
export const unitInterval = (description: string): JsonSchemaProperty => ({
  type: "number",
  minimum: 0,
  maximum: 1,
  description,
});

/** A call that adds records and changes nothing existing; a repeat adds again. */
export const ADDS_RECORDS = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
} as const;

/** A call that only reads. */
export const READS_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;
