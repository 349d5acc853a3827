// The keyboard-driven review screen of one queue: claims the next item (or resumes the one held) on opening.
import { ReviewScreen } from "@/components/queues/ReviewScreen";
import { Page } from "@/components/ui/Page";

export default async function QueueReviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Page width="full">
      <ReviewScreen queueId={decodeURIComponent(id)} />
    </Page>
  );
}
