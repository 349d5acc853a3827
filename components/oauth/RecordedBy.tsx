// "by <person> through <app>": who recorded a session through a connector (an OAuth grant), in the session header
// (one line) and under the agent in the sessions list (`stacked`: the person and the app on a line each, since the
// agent column is 112 px wide and one line showed only "by admin@t…"). The app is the client the person approved, as
// Settings → Connected apps lists it (where the grant is revoked); the agent beside it already shows the MCP client as
// it named itself on the connection, which the tooltip repeats when it differs.
import type { ConnectorAttribution } from "@/lib/contracts/oauth";
import { cn } from "@/components/ui/cn";

export function RecordedBy({
  connector,
  stacked = false,
  className,
}: {
  connector: ConnectorAttribution;
  stacked?: boolean;
  className?: string;
}) {
  const named = connector.client === connector.app ? "" : `; on the connection it named itself ${connector.client}`;
  const line = stacked ? "block truncate" : undefined;
  return (
    <span
      className={cn(stacked ? "block" : "truncate", className)}
      data-testid="recorded-by"
      title={`Recorded through ${connector.app}, a connected app ${connector.person} approved${named}`}
    >
      <span className={line}>
        by <span className="text-foreground">{connector.person}</span>
      </span>{" "}
      <span className={line}>
        through <span className="text-foreground">{connector.app}</span>
      </span>
    </span>
  );
}
