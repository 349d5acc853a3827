"use client";
// Whether the signed-in person's role in the current project grants a permission (lib/auth/roles.ts). The server
// enforces every permission anyway; this only keeps the page from offering what would be refused.
import { useQuery } from "@tanstack/react-query";
import { can, type Permission } from "@/lib/auth/roles";
import { useTRPC } from "@/components/trpc/TrpcProvider";

export function useCan(permission: Permission): boolean {
  const trpc = useTRPC();
  const me = useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 60_000 });
  const role = me.data?.project?.role;
  return role !== undefined && can(role, permission);
}
