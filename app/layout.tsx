import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ShortcutSheet } from "@/components/shell/ShortcutSheet";
import { TrpcProvider } from "@/components/trpc/TrpcProvider";
import { UiProviders } from "@/components/ui/Providers";
import { ThemeScript } from "@/components/ui/ThemeScript";
import "./globals.css";

export const metadata: Metadata = {
  title: "thoughtgraph",
  description: "AI agents' reasoning, recorded and reviewable.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // suppressHydrationWarning: ThemeScript sets the `.dark` class before React hydrates; the server cannot know it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript />
      </head>
      <body>
        <UiProviders>
          <TrpcProvider>{children}</TrpcProvider>
          <ShortcutSheet />
        </UiProviders>
      </body>
    </html>
  );
}
