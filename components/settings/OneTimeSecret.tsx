"use client";
// A secret the server shows only once (an invitation link, an API key): readable, selectable, copyable, dismissable.
import { CopyButton } from "./CopyButton";

export function OneTimeSecret({ title, secret, onDone }: { title: string; secret: string; onDone: () => void }) {
  return (
    <div className="tg-secret" role="status">
      <p>
        <strong>{title}</strong> It is shown only this once; copy it now.
      </p>
      <div className="tg-secret-row">
        <input readOnly value={secret} aria-label={title} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton text={secret} />
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
