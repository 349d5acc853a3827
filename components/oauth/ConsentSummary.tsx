// Who is asking, on the consent page: the client's own name marked unverified, where its description came from, and
// where the browser goes after the decision (a redirect on this computer gets a warning: any program here could
// claim a client's name).
import type { ConsentRequestView } from "@/lib/contracts/oauth";
import { Badge } from "@/components/ui/Badge";

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url);

export function ConsentSummary({ view }: { view: ConsentRequestView }) {
  return (
    <dl className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
      <div className="flex flex-col gap-1">
        <dt className="text-xs font-medium text-muted-foreground">App</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{view.clientName}</span>
          <Badge variant="warning">unverified</Badge>
        </dd>
        <dd className="text-xs text-muted-foreground">
          {view.metadataHost
            ? `The name comes from a description published at ${view.metadataHost}; thoughtgraph does not vouch for it.`
            : "The app registered itself with this server and chose its own name; thoughtgraph does not vouch for it."}
          {view.clientUri ? ` It names ${hostOf(view.clientUri)} as its home page.` : ""}
        </dd>
      </div>
      <div className="flex flex-col gap-1">
        <dt className="text-xs font-medium text-muted-foreground">After you decide, your browser goes to</dt>
        <dd className="font-mono text-xs break-all">{view.redirectHost}</dd>
        {view.loopbackRedirect ? (
          <dd className="text-xs text-warning">
            A program on this computer receives the answer. Approve only if you just started connecting from it.
          </dd>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <dt className="text-xs font-medium text-muted-foreground">Endpoint</dt>
        <dd className="font-mono text-xs break-all">{view.endpoint}</dd>
      </div>
    </dl>
  );
}
