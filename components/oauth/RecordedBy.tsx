// "by <person> through <client>": who recorded a session through a connector (an OAuth grant), in the session header
// and under the agent in the sessions list. The tooltip names the app the person approved, which Settings → Connected
// apps lists (the client may have named itself otherwise on the connection).
import type { ConnectorAttribution } from "@/lib/contracts/oauth";
import { cn } from "@/components/ui/cn";

export function RecordedBy({ connector, className }: { connector: ConnectorAttribution; className?: string }) {
  const approved =
    connector.app === connector.client ? connector.app : `${connector.app} (on the connection: ${connector.client})`;
  return (
    <span
      className={cn("truncate", className)}
      data-testid="recorded-by"
      title={`Recorded through a connected app: ${approved}, approved by ${connector.person}`}
    >
      by <span className="text-foreground">{connector.person}</span> through{" "}
      <span className="text-foreground">{connector.client}</span>
    </span>
  );
}
