"use client";
// "?" on any page opens the list of keyboard shortcuts (lib/keys/shortcuts.ts), the current screen's first. Also
// opened by the app bar's keyboard button (ShortcutsButton), whose tooltip names the key.
import { Keyboard } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";
import { screenOf, sectionsFor } from "@/lib/keys/shortcuts";
import { Button } from "@/components/ui/Button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/Dialog";
import { Kbd } from "@/components/ui/Kbd";
import { ownsKeys } from "@/components/ui/own-keys";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/Tooltip";

let open = false;
const listeners = new Set<() => void>();
function setOpen(next: boolean) {
  open = next;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function ShortcutSheet() {
  const isOpen = useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
  const pathname = usePathname();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "?" || e.metaKey || e.ctrlKey || e.altKey || ownsKeys(e.target, e.key)) return;
      e.preventDefault();
      setOpen(!open);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  const here = screenOf(pathname);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] sm:max-w-2xl" aria-describedby="shortcut-sheet-about">
        <DialogTitle>Keyboard shortcuts</DialogTitle>
        <DialogDescription id="shortcut-sheet-about">
          Keys act on the screen you are on, except while you type in a field. Each control's tooltip names its key.
        </DialogDescription>
        <div className="grid gap-5 sm:grid-cols-2" data-testid="shortcut-sheet">
          {sectionsFor(pathname).map((section) => (
            <section key={section.id} aria-label={section.title} className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">
                {section.title}
                {section.id === here && here !== "everywhere" ? (
                  <span className="ml-1.5 font-normal text-muted-foreground">· this screen</span>
                ) : null}
              </h3>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1.5 text-sm">
                {section.shortcuts.map((s) => (
                  <div key={s.does} className="contents">
                    <dt className="flex flex-wrap gap-1">
                      {s.keys.map((k) => (
                        <Kbd key={k}>{k}</Kbd>
                      ))}
                    </dt>
                    <dd className="text-muted-foreground">{s.does}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The app bar's way to the sheet. */
export function ShortcutsButton() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Keyboard shortcuts" onClick={() => setOpen(true)}>
          <Keyboard aria-hidden />
        </Button>
      </TooltipTrigger>
      <TooltipContent>Keyboard shortcuts (?)</TooltipContent>
    </Tooltip>
  );
}
