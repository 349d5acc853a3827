// "Queue these": opens the new-queue form with the sessions list's filters (not its sort or page); the queue takes
// every match.
import { ListPlus } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/Button";

export function QueueTheseLink({ params }: { params: URLSearchParams }) {
  const filter = new URLSearchParams(params.toString());
  for (const k of ["sort", "order", "page"]) filter.delete(k);
  return (
    <Button asChild variant="outline">
      <Link href={`/queues?new=1&${filter.toString()}`}>
        <ListPlus aria-hidden />
        Queue these
      </Link>
    </Button>
  );
}
