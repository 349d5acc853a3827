// "by <person> through <app>": who recorded a session through a connector (an OAuth grant), in the session header
// and under the agent in the sessions list. The app is the client the person approved, as Settings → Connected apps
// lists it (where the grant is revoked); the agent beside it already shows the MCP client as it named itself on the
// connection, which the tooltip repeats when it differs.
import type { ConnectorAttribution } from "@/lib/contracts/oauth";
import { cn } from "@/components/ui/cn";

export function RecordedBy({ connector, className }: { connector: ConnectorAttribution; className?: string }) {
  const named = connector.client === connector.app ? "" : `; on the connection it named itself ${connector.client}`;
  return (
    <span
      className={cn("truncate", className)}
      data-testid="recorded-by"
      title={`Recorded through ${connector.app}, a connected app ${connector.person} approved${named}`}
    >
      by <span className="text-foreground">{connector.person}</span> through{" "}
      <span className="text-foreground">{connector.app}</span>
    </span>
  );
}
