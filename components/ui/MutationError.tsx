// A failed mutation's message as an alert (Playwright specs find it by role), or nothing while there is no error.
import { errorText } from "@/components/scoring/score-format";

export function MutationError({ error }: { error: { message: string } | null }) {
  return error ? (
    <p role="alert" className="tg-error">
      {errorText(error)}
    </p>
  ) : null;
}
