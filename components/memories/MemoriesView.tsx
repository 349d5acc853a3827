"use client";
// The Memories page: the project's agent memories with ThoughtMCP's filters (user, sectors, strength,
// full-text query, forgotten ones on request), sector and strength badges, a memory's detail with its waypoint links
// and the session it was remembered in, and the graph of memories and links. The selected memory lives in the URL
// (?memory=), and so does the session filter the session view's "Memories (n)" link sets (?session=).
import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Fragment, useDeferredValue, useState } from "react";
import { MEMORY_SECTORS, type MemorySector } from "@/lib/contracts/zod-free";
import { Highlighted } from "@/components/search/Highlighted";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/Card";
import { Checkbox } from "@/components/ui/Checkbox";
import { Input } from "@/components/ui/Input";
import { RelativeTime } from "@/components/ui/RelativeTime";
import { NativeSelect } from "@/components/ui/Select";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/Tabs";
import { MemoryGraph } from "./MemoryGraph";
import { SectorBadge, StrengthBadge } from "./MemoryBadges";
import { SessionName } from "./SessionName";
import { formatCount } from "@/lib/words/count-of";

function MemoryDetailCard({ id, onSelect }: { id: string; onSelect: (id: string) => void }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.memories.byId.queryOptions({ id }));
  if (detail.error) return <p className="text-sm text-destructive">{detail.error.message}</p>;
  if (!detail.data) return <SkeletonRows rows={4} label="Loading the memory" />;
  const { memory, links } = detail.data;
  // A waypoint pair is stored in both directions (recall's link weight counts each); a person sees one link per
  // neighbour, with the weight it was linked at.
  const linked = [...new Map(links.map((l) => [l.memoryId, l])).values()];
  return (
    <Card aria-label="Memory detail">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <SectorBadge sector={memory.primarySector} />
          <StrengthBadge strength={memory.strength} deleted={memory.deleted} />
          <span className="text-xs font-normal text-muted-foreground">salience {memory.salience.toFixed(2)}</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p className="whitespace-pre-wrap">{memory.content}</p>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <dt>user</dt>
          <dd>{memory.userId}</dd>
          <dt>session</dt>
          <dd>
            {memory.thinkingSessionId ? (
              <SessionName id={memory.thinkingSessionId} className="block font-normal text-primary" />
            ) : (
              memory.sessionId
            )}
          </dd>
          <dt>remembered</dt>
          <dd>
            <RelativeTime at={memory.createdAt} />
          </dd>
          {Object.entries(memory.metadata).map(([k, v]) => (
            <Fragment key={k}>
              <dt>{k}</dt>
              <dd>{Array.isArray(v) ? v.join(", ") : String(v)}</dd>
            </Fragment>
          ))}
        </dl>
        <h3 className="font-medium">Waypoint links ({formatCount(linked.length)})</h3>
        {linked.length === 0 ? (
          <p className="text-xs text-muted-foreground">No links: no memory was similar enough (≥ 0.7).</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {linked.map((l) => (
              <li key={l.memoryId}>
                <button
                  type="button"
                  className="flex w-full items-baseline gap-2 rounded-sm p-1 text-left hover:bg-accent"
                  onClick={() => onSelect(l.memoryId)}
                >
                  <span
                    className="shrink-0 text-xs text-muted-foreground tabular-nums"
                    title={`similarity when linked: ${l.weight.toFixed(2)}`}
                  >
                    {l.weight.toFixed(2)}
                  </span>
                  <SectorBadge sector={l.primarySector} />
                  <span>{l.content}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function MemoriesView() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const selected = params.get("memory");
  const sessionId = params.get("session");
  const [userId, setUserId] = useState("");
  const [sectors, setSectors] = useState<MemorySector[]>([]);
  const [text, setText] = useState("");
  const [includeDeleted, setIncludeDeleted] = useState(false);
  /** "" is any strength; otherwise ThoughtMCP's minStrength as text (the select's value). */
  const [minStrength, setMinStrength] = useState("");
  const q = useDeferredValue(text.trim());
  const filters = {
    ...(userId ? { userId } : {}),
    ...(sessionId ? { sessionId } : {}),
    ...(sectors.length ? { sectors } : {}),
    ...(q ? { q } : {}),
    ...(minStrength ? { minStrength: Number(minStrength) } : {}),
    includeDeleted,
  };
  const list = useQuery(trpc.memories.list.queryOptions({ ...filters, pageSize: 100 }));
  const graph = useQuery(trpc.memories.graph.queryOptions({ ...(userId ? { userId } : {}), includeDeleted }));
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    router.replace(`${pathname}?${next.toString()}`, { scroll: false });
  };
  const select = (id: string) => setParam("memory", id);

  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-wrap items-center gap-3"
        aria-label="Memory filters"
        onSubmit={(e) => e.preventDefault()}
      >
        <Input
          type="search"
          aria-label="Search memories"
          placeholder='Words, AND, OR, NOT, "phrases"'
          className="w-72"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <NativeSelect aria-label="User" value={userId} onChange={(e) => setUserId(e.target.value)}>
          <option value="">All users</option>
          {(list.data?.users ?? []).map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label="Strength" value={minStrength} onChange={(e) => setMinStrength(e.target.value)}>
          <option value="">Any strength</option>
          <option value="0.3">Strength ≥ 0.3</option>
          <option value="0.7">Strength ≥ 0.7</option>
          <option value="1">Full strength (1)</option>
        </NativeSelect>
        {MEMORY_SECTORS.map((s) => (
          <label key={s} className="flex items-center gap-1.5 text-sm">
            <Checkbox
              checked={sectors.includes(s)}
              onChange={(e) => setSectors(e.target.checked ? [...sectors, s] : sectors.filter((x) => x !== s))}
            />
            {s}
          </label>
        ))}
        {sessionId ? (
          <span className="flex min-w-0 items-center gap-2 text-sm" data-testid="session-filter">
            <span className="shrink-0 text-muted-foreground">Remembered in</span>
            <SessionName id={sessionId} className="max-w-72" />
            <Button variant="ghost" size="sm" onClick={() => setParam("session", null)}>
              All sessions
            </Button>
          </span>
        ) : null}
        <label className="flex items-center gap-1.5 text-sm">
          <Checkbox checked={includeDeleted} onChange={(e) => setIncludeDeleted(e.target.checked)} />
          show forgotten
        </label>
      </form>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Tabs defaultValue="list">
          <TabsList>
            <TabsTrigger value="list">List{list.data ? ` (${formatCount(list.data.total)})` : ""}</TabsTrigger>
            <TabsTrigger value="graph">Graph</TabsTrigger>
          </TabsList>
          <TabsContent value="list">
            {list.error ? <p className="text-sm text-destructive">{list.error.message}</p> : null}
            {/* Framed like the sessions list's table (it sat bare under its header row). */}
            <div className="overflow-hidden rounded-lg border">
              <Table aria-label="Memories">
                <TableHeader>
                  <TableRow>
                    <TableHead>Memory</TableHead>
                    <TableHead>Sector</TableHead>
                    <TableHead>Strength</TableHead>
                    <TableHead className="text-right">Links</TableHead>
                    <TableHead>User</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {(list.data?.memories ?? []).map((m) => (
                    <TableRow
                      key={m.id}
                      data-state={m.id === selected ? "selected" : undefined}
                      className="cursor-pointer"
                      onClick={() => select(m.id)}
                    >
                      <TableCell className="max-w-md truncate whitespace-normal">
                        <Highlighted text={m.content} ranges={m.ranges} />
                      </TableCell>
                      <TableCell>
                        <SectorBadge sector={m.primarySector} />
                      </TableCell>
                      <TableCell>
                        <StrengthBadge strength={m.strength} deleted={m.deleted} />
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatCount(m.links)}</TableCell>
                      {/* One line, the full id on hover: at 1024 px "layout-agent" broke after its hyphen. */}
                      <TableCell className="max-w-32 truncate text-xs text-muted-foreground" title={m.userId}>
                        {m.userId}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {list.data && list.data.memories.length === 0 ? (
              <p className="p-4 text-sm text-muted-foreground">
                No memories match. Agents store them with ThoughtMCP&apos;s remember tool (/api/mcp/thoughtmcp).
              </p>
            ) : null}
          </TabsContent>
          <TabsContent value="graph">
            {graph.data ? (
              <>
                <MemoryGraph graph={graph.data} selectedId={selected} onSelect={select} />
                {graph.data.omitted > 0 ? (
                  <p className="pt-2 text-xs text-muted-foreground">
                    The {graph.data.omitted} oldest memories are not drawn; pick a user to narrow the graph.
                  </p>
                ) : null}
              </>
            ) : null}
          </TabsContent>
        </Tabs>
        <aside>
          {selected ? (
            <MemoryDetailCard id={selected} onSelect={select} />
          ) : (
            <p className="text-sm text-muted-foreground">Select a memory to see its links.</p>
          )}
        </aside>
      </div>
    </div>
  );
}
