"use client";
// The app shell's top bar (48 px, --app-bar-height): brand, the project switcher (a menu), icon navigation with the
// current page marked, and the user menu (theme, sign out). A top bar rather than a sidebar because the session view
// needs the width: at 1024 px a 220 px sidebar would leave the graph, transcript and detail panes 800 px between them.
import {
  Activity,
  AtSign,
  Brain,
  ChartColumn,
  Check,
  ChevronsUpDown,
  Gavel,
  ListChecks,
  LogOut,
  Rows3,
  Settings,
  type LucideIcon,
} from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { MeView } from "@/lib/contracts/auth";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/DropdownMenu";
import { ThemeMenuItems } from "@/components/ui/ThemeSwitch";
import { BrandMark } from "./BrandMark";
import { ShortcutsButton } from "./ShortcutSheet";
import { ThoughtSearch } from "./ThoughtSearch";

type NavItem = { href: string; label: string; Icon: LucideIcon; match: (path: string) => boolean; signedIn?: true };

const NAV: NavItem[] = [
  { href: "/", label: "Sessions", Icon: Rows3, match: (p) => p === "/" || p.startsWith("/sessions") },
  { href: "/queues", label: "Queues", Icon: ListChecks, match: (p) => p.startsWith("/queues") },
  { href: "/memories", label: "Memories", Icon: Brain, match: (p) => p.startsWith("/memories") },
  { href: "/agreement", label: "Agreement", Icon: ChartColumn, match: (p) => p.startsWith("/agreement") },
  { href: "/judges", label: "Judges", Icon: Gavel, match: (p) => p.startsWith("/judges") },
  { href: "/analytics", label: "Analytics", Icon: Activity, match: (p) => p.startsWith("/analytics") },
  { href: "/mentions", label: "Mentions", Icon: AtSign, match: (p) => p.startsWith("/mentions"), signedIn: true },
  { href: "/settings", label: "Settings", Icon: Settings, match: (p) => p.startsWith("/settings") },
];

async function post(url: string, body: unknown): Promise<void> {
  await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

function initials(name: string): string {
  const parts = name.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).toUpperCase();
}

function ProjectSwitcher({ me }: { me: MeView }) {
  if (!me.project) return null;
  const current = me.project;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="max-w-48 gap-1.5 px-2 text-sm"
          aria-label={`Project: ${current.name}`}
        >
          <span className="truncate">{current.name}</span>
          <ChevronsUpDown className="size-3.5 text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuLabel>Projects</DropdownMenuLabel>
        {me.projects.map((p) => (
          <DropdownMenuItem
            key={p.id}
            onSelect={() => {
              if (p.id !== current.id)
                void post("/api/auth/project", { projectId: p.id }).then(() => location.assign("/"));
            }}
          >
            <span className="flex-1 truncate">{p.name}</span>
            <span className="text-xs text-muted-foreground">{p.role}</span>
            <Check className={cn("size-4", p.id === current.id ? "opacity-100" : "opacity-0")} />
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings />
            Project settings
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function UserMenu({ me }: { me: MeView }) {
  const who = me.user ? (me.user.name ?? me.user.email) : "Single-user mode";
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by its text, so the name always holds what is shown (WCAG 2.5.3, axe's label-content-name-mismatch):
            "Account:" and, below 1280 px, the name and role are there for screen readers only. */}
        <Button variant="ghost" size="sm" className="max-w-80 gap-2 px-1.5">
          <span
            aria-hidden
            className="flex size-6 items-center justify-center rounded-full bg-primary/12 text-xs font-semibold text-primary"
          >
            {me.user ? initials(who) : "1"}
          </span>
          <span className="sr-only">Account: </span>
          <span className="truncate text-sm font-normal max-xl:sr-only" data-testid="signed-in-as">
            {who}
            {me.user && me.project ? ` · ${me.project.role}` : ""}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        {me.user ? (
          <DropdownMenuLabel className="flex flex-col gap-0.5 font-normal">
            <span className="truncate text-base font-medium text-foreground">{who}</span>
            <span className="truncate">{me.user.email}</span>
          </DropdownMenuLabel>
        ) : (
          <DropdownMenuLabel className="font-normal" title="THOUGHTGRAPH_SINGLE_USER=1 on a loopback bind">
            Single-user mode: no sign-in on this loopback server
          </DropdownMenuLabel>
        )}
        <DropdownMenuSeparator />
        <ThemeMenuItems />
        {me.user ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void post("/api/auth/logout", {}).then(() => location.assign("/login"))}>
              <LogOut />
              Sign out
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function AppBar({ me }: { me: MeView }) {
  const path = usePathname();
  return (
    <header className="sticky top-0 z-40 flex h-(--app-bar-height) shrink-0 items-center gap-1 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      {/* prefetch={false} on the bar's links: every dashboard page is dynamic, so Next's viewport prefetch ran each
          page's auth and data on the server during every page load (nine requests on the session page, answered
          while its own data waited behind them: Chromium trace, bench:ui). Navigation fetches on click instead. */}
      <Link
        href="/"
        prefetch={false}
        className="mr-1 flex items-center gap-2 rounded-md px-1.5 py-1 text-base font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <BrandMark className="size-5" />
        {/* Below 900 px the bar keeps the mark and icon-only links (names stay for screen readers and on hover), so
            it fits 768 px with the project menu and the account menu. */}
        <span className="max-[899px]:sr-only">thoughtgraph</span>
      </Link>
      {me.project ? (
        <span aria-hidden className="text-lg text-border select-none">
          /
        </span>
      ) : null}
      <ProjectSwitcher me={me} />
      <nav aria-label="Main" className="ml-3 flex min-w-0 items-center gap-0.5">
        {NAV.filter((item) => !item.signedIn || me.user).map(({ href, label, Icon, match }) => {
          const active = match(path);
          return (
            <Link
              key={href}
              href={href}
              prefetch={false}
              aria-current={active ? "page" : undefined}
              title={label}
              className={cn(
                "flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
                active && "bg-secondary text-foreground",
              )}
            >
              <Icon className="size-4" aria-hidden />
              {/* Icons only below 1680 px: with the search box and the account name, seven labelled links do not fit
                  (six fitted from 1536 px; the seventh, Analytics, is ~100 px). */}
              <span className="max-[1679px]:sr-only">{label}</span>
            </Link>
          );
        })}
      </nav>
      <span className="flex-1" />
      {me.project ? <ThoughtSearch /> : null}
      <ShortcutsButton />
      <UserMenu me={me} />
    </header>
  );
}
