"use client";
// The top bar: product name, navigation, the current project (switchable), the person signed in with sign-out, and
// the light/dark theme switch (remembered in localStorage).
import Link from "next/link";
import { useEffect, useState } from "react";
import type { MeView } from "@/lib/contracts/auth";

type Theme = "system" | "light" | "dark";
const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };

async function post(url: string, body: unknown): Promise<boolean> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return res.ok;
}

export function AppBar({ me }: { me: MeView }) {
  const [theme, setTheme] = useState<Theme>("system");
  useEffect(() => {
    const saved = localStorage.getItem("tg-theme");
    if (saved === "light" || saved === "dark") setTheme(saved);
  }, []);
  useEffect(() => {
    if (theme === "system") {
      document.documentElement.removeAttribute("data-theme");
      localStorage.removeItem("tg-theme");
    } else {
      document.documentElement.setAttribute("data-theme", theme);
      localStorage.setItem("tg-theme", theme);
    }
  }, [theme]);
  return (
    <header className="tg-app-bar">
      <Link href="/" className="tg-brand">
        thoughtgraph
      </Link>
      <Link href="/">Sessions</Link>
      <Link href="/queues">Queues</Link>
      <Link href="/agreement">Scores &amp; agreement</Link>
      {me.user ? <Link href="/mentions">Mentions</Link> : null}
      <Link href="/settings">Settings</Link>
      <span className="tg-spacer" />
      {me.projects.length > 1 ? (
        <select
          aria-label="Project"
          value={me.project?.id ?? ""}
          onChange={(e) =>
            void post("/api/auth/project", { projectId: e.target.value }).then(() => location.assign("/"))
          }
        >
          {me.projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      ) : (
        me.project && <span className="tg-person">{me.project.name}</span>
      )}
      {me.user ? (
        <>
          <span className="tg-person" data-testid="signed-in-as">
            {me.user.name ?? me.user.email}
            {me.project ? ` · ${me.project.role}` : ""}
          </span>
          <button type="button" onClick={() => void post("/api/auth/logout", {}).then(() => location.assign("/login"))}>
            Sign out
          </button>
        </>
      ) : (
        <span className="tg-person" title="THOUGHTGRAPH_SINGLE_USER=1 on a loopback bind: no sign-in">
          single-user mode
        </span>
      )}
      <button type="button" onClick={() => setTheme(NEXT[theme])} aria-label={`Theme: ${theme}. Switch theme`}>
        Theme: {theme}
      </button>
    </header>
  );
}
