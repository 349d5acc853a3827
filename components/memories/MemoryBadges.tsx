// A memory's sector and strength as badges (the Memories page's list, detail and graph).
import type { MemorySector } from "@/lib/contracts/thoughtmcp-memory";
import { Badge } from "@/components/ui/Badge";

const SECTOR_VARIANT: Record<MemorySector, "secondary" | "accent" | "outline" | "success" | "warning"> = {
  episodic: "accent",
  semantic: "secondary",
  procedural: "success",
  emotional: "warning",
  reflective: "outline",
};

export function SectorBadge({ sector }: { sector: MemorySector }) {
  return <Badge variant={SECTOR_VARIANT[sector]}>{sector}</Badge>;
}

/** Strength 0 is a soft-deleted memory (ThoughtMCP's forget with soft: true). */
export function StrengthBadge({ strength, deleted }: { strength: number; deleted?: boolean }) {
  if (deleted || strength === 0) return <Badge variant="destructive">forgotten</Badge>;
  return (
    <Badge variant={strength >= 0.7 ? "default" : strength >= 0.3 ? "secondary" : "outline"} title="strength">
      strength {strength.toFixed(2)}
    </Badge>
  );
}
