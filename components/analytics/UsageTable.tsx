// Agents or models compared by what their model calls used (analytics page): tokens in, out and reasoning, and the
// cost, with the cost's share as a bar. A table, so screen readers get the figures as figures.
import type { UsageGroup } from "@/lib/contracts/usage";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { formatCount } from "@/lib/words/count-of";
import { formatTokens, formatUsd } from "@/lib/words/usage-text";

export function UsageTable({ groups, what }: { groups: UsageGroup[]; what: "Agent" | "Model" }) {
  if (groups.length === 0) {
    return <p className="text-sm text-muted-foreground">No model calls with token counts in this window.</p>;
  }
  const maxCost = Math.max(0, ...groups.map((g) => g.costUsd ?? 0));
  return (
    <Table aria-label={`Tokens and cost by ${what.toLowerCase()}`}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{what}</TableHead>
          <TableHead className="text-right">Sessions</TableHead>
          <TableHead className="text-right">Calls</TableHead>
          <TableHead className="text-right">Tokens in</TableHead>
          <TableHead className="text-right">Out</TableHead>
          <TableHead className="text-right">Reasoning</TableHead>
          <TableHead className="w-1/4">Cost</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {groups.map((g) => (
          <TableRow key={g.key} data-testid={`usage-by-${what.toLowerCase()}-row`}>
            <TableCell className="max-w-40 truncate" title={g.key}>
              {g.key}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(g.sessions)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(g.calls)}</TableCell>
            <TableCell className="text-right tabular-nums" title={formatCount(g.tokensIn)}>
              {formatTokens(g.tokensIn)}
            </TableCell>
            <TableCell className="text-right tabular-nums" title={formatCount(g.tokensOut)}>
              {formatTokens(g.tokensOut)}
            </TableCell>
            <TableCell className="text-right tabular-nums" title={formatCount(g.tokensReasoning)}>
              {formatTokens(g.tokensReasoning)}
            </TableCell>
            <TableCell>
              <span className="flex items-center gap-2">
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-muted">
                  <span
                    className="block h-full rounded-full bg-chart-2"
                    style={{ width: `${maxCost > 0 ? ((g.costUsd ?? 0) / maxCost) * 100 : 0}%` }}
                  />
                </span>
                <span className="w-16 text-right tabular-nums">{formatUsd(g.costUsd)}</span>
              </span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
