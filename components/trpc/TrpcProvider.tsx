"use client";
// The browser's tRPC client: queries batched over HTTP, subscriptions over SSE (resumable by lastEventId).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "@/server/trpc/root";

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** `shareToken` scopes every request to one shared session (the read-only share page). */
export function TrpcProvider({ children, shareToken }: { children: ReactNode; shareToken?: string }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000 } } }));
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => op.type === "subscription",
          true: httpSubscriptionLink({
            url: "/api/trpc",
            ...(shareToken ? { connectionParams: { share: shareToken } } : {}),
          }),
          false: httpBatchLink({
            url: "/api/trpc",
            ...(shareToken ? { headers: { "x-thoughtgraph-share": shareToken } } : {}),
          }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
