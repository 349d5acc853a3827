"use client";
// The browser's tRPC client: queries batched over HTTP, subscriptions over SSE (resumable by lastEventId). One error
// hook for every request: a query or mutation that fails for a transient reason raises a toast with "Retry" (one
// toast per query key, replaced rather than stacked); 4xx answers stay with the form or page that asked. A query can
// opt out with `meta: { quietErrors: true }` when its page already explains the failure.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import { SHARE_HEADER } from "@/lib/contracts/zod-free";
import { errorText } from "@/components/ui/error-text";
import { isTransient, shouldRetry } from "./request-errors";
import type { AppRouter } from "@/server/trpc/root";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** sonner on demand (a failed request is rare), so it stays out of every page's first script. */
function toastError(...args: Parameters<typeof import("sonner").toast.error>): void {
  void import("sonner").then(({ toast }) => toast.error(...args));
}

/** `shareToken` scopes every request to one shared session (the read-only share page). */
export function TrpcProvider({ children, shareToken }: { children: ReactNode; shareToken?: string }) {
  const [queryClient] = useState(() => makeQueryClient());
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
            ...(shareToken ? { headers: { [SHARE_HEADER]: shareToken } } : {}),
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

function makeQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 5_000, retry: shouldRetry } },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.quietErrors === true || !isTransient(error)) return;
        toastError("Could not load data", {
          id: `query:${query.queryHash}`,
          description: errorText(error),
          action: { label: "Retry", onClick: () => void client.refetchQueries({ queryKey: query.queryKey }) },
        });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) => {
        if (!isTransient(error)) return; // the form shows it (components/ui/MutationError.tsx)
        toastError("The change was not saved", {
          id: `mutation:${mutation.mutationId}`,
          description: errorText(error),
          action: { label: "Retry", onClick: () => void mutation.execute(variables).catch(() => undefined) },
        });
      },
    }),
  });
  return client;
}
