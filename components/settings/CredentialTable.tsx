// The table the credential sections share (API keys, connected apps): a bordered table whose last column is the
// row's revoke action, the two times every credential shows (created, last used), and the line a failed load shows.
import type { ReactNode } from "react";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";

export function CredentialTable({
  label,
  columns,
  action,
  children,
}: {
  /** The table's accessible name. */
  label: string;
  /** Headings of the columns before the created/last-used pair. */
  columns: string[];
  /** Heading of the last column (the row's state or action). */
  action: ReactNode;
  /** The rows (each ends with <UsedCells> and its action cell). */
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table aria-label={label}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((c) => (
              <TableHead key={c}>{c}</TableHead>
            ))}
            <TableHead>Created</TableHead>
            <TableHead>Last used</TableHead>
            <TableHead className="text-right">{action}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}

/** When a credential was created and last used ("never" before its first use). */
export function UsedCells({ createdAt, lastUsedAt }: { createdAt: string; lastUsedAt: string | null }) {
  return (
    <>
      <TableCell className="text-muted-foreground">
        <RelativeTime at={createdAt} />
      </TableCell>
      <TableCell className="text-muted-foreground">{lastUsedAt ? <RelativeTime at={lastUsedAt} /> : "never"}</TableCell>
    </>
  );
}

/** A list that could not be loaded, said where the list would be. */
export function LoadError({ what, error }: { what: string; error: { message: string } }) {
  return (
    <p role="alert" className="text-sm text-destructive">
      Could not load {what}: {error.message}
    </p>
  );
}
