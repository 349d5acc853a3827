// Agents or models compared (analytics page): one row each with its mean health score as a bar, the
// sessions it ran and how many of them looped. A table, so screen readers get the figures as figures.
import type { FleetHealth } from "@/lib/contracts/session-health";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { formatCount } from "@/lib/words/count-of";

export function GroupBars({ groups, what }: { groups: FleetHealth["byAgent"]; what: "Agent" | "Model" }) {
  if (groups.length === 0) return <p className="text-sm text-muted-foreground">No sessions in this window.</p>;
  return (
    <Table aria-label={`Reasoning health by ${what.toLowerCase()}`}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{what}</TableHead>
          <TableHead className="w-1/2">Mean health</TableHead>
          <TableHead className="text-right">Sessions</TableHead>
          <TableHead className="text-right">With loops</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {groups.map((g) => (
          <TableRow key={g.name} data-testid={`by-${what.toLowerCase()}-row`}>
            <TableCell className="max-w-40 truncate" title={g.name}>
              {g.name}
            </TableCell>
            <TableCell>
              <span className="flex items-center gap-2">
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-muted">
                  <span className="block h-full rounded-full bg-chart-1" style={{ width: `${g.meanScore}%` }} />
                </span>
                <span className="w-10 text-right tabular-nums">{g.meanScore}</span>
              </span>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(g.sessions)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(g.withLoops)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
