import type { Metadata } from "next";
import type { ReactNode } from "react";
import { TrpcProvider } from "@/components/trpc/TrpcProvider";
import "./globals.css";

export const metadata: Metadata = {
  title: "thoughtgraph",
  description: "AI agents' reasoning, recorded and reviewable.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <TrpcProvider>{children}</TrpcProvider>
      </body>
    </html>
  );
}
