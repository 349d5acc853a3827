"use client";
// Copies text to the clipboard and says so for 2 s ("Copied"); if the browser refuses (no permission, not a secure
// context), it asks the reader to select and copy by hand.
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "./Button";

const SAID_MS = 2_000;

export function CopyButton({
  text,
  label = "Copy",
  variant = "outline",
  size = "sm",
  className,
}: {
  text: string;
  label?: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
}) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  useEffect(() => {
    if (copied !== "yes") return;
    const timer = setTimeout(() => setCopied(null), SAID_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  return (
    <Button variant={variant} size={size} className={className} onClick={() => void copy()}>
      {copied === "yes" ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied === "yes" ? "Copied" : copied === "failed" ? "Select and copy it" : label}</span>
    </Button>
  );
}
