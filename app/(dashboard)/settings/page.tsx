// Team settings of the current project: name, members and roles, invitation links, API keys.
import { SettingsView } from "@/components/settings/SettingsView";

export default function SettingsPage() {
  return (
    <main className="tg-settings">
      <h1>Settings</h1>
      <SettingsView />
    </main>
  );
}
