import type { Metadata } from "next";
import type { ReactNode } from "react";
import { TrpcProvider } from "@/components/trpc/TrpcProvider";
import { AppBar } from "@/components/ui/AppBar";
import "./globals.css";

export const metadata: Metadata = {
  title: "thoughtgraph",
  description: "AI agents' reasoning, recorded and reviewable.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <TrpcProvider>
          <AppBar />
          {children}
        </TrpcProvider>
      </body>
    </html>
  );
}
