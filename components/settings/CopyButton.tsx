"use client";
// Copies a one-time secret (an invitation link, an API key) to the clipboard, and says so.
import { useState } from "react";

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  return (
    <button type="button" onClick={() => void copy()}>
      {copied === "yes" ? "Copied" : copied === "failed" ? "Select and copy it" : label}
    </button>
  );
}
