// Team settings of the current project: name, members and roles, invitation links, API keys.
import { SettingsView } from "@/components/settings/SettingsView";
import { Page, PageHeader } from "@/components/ui/Page";

export default function SettingsPage() {
  return (
    <Page>
      <PageHeader
        title="Settings"
        description="This project's name, members, invitation links, API keys and model connections."
      />
      <SettingsView />
    </Page>
  );
}
