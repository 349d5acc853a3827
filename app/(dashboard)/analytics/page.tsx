// Reasoning health across the project's sessions: distribution, daily trend, agents and models compared.
import { AnalyticsView } from "@/components/analytics/AnalyticsView";
import { Page, PageHeader } from "@/components/ui/Page";

export default function AnalyticsPage() {
  return (
    <Page>
      <PageHeader
        title="Reasoning analytics"
        description="How healthy the agents' reasoning is across sessions: loops, stalls and abandoned branches cost points from 100."
      />
      <AnalyticsView />
    </Page>
  );
}
