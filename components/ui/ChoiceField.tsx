// A labelled native select over a fixed list of choices, held by the form's state: the "kind" picker of a new-item
// form whose other fields depend on it (a score config's type, a model connection's provider).
import { Field } from "./Field";
import { NativeSelect } from "./Select";

export function ChoiceField<T extends string>({
  label,
  name,
  value,
  choices,
  words = (choice) => choice,
  onChange,
  className,
}: {
  label: string;
  name: string;
  value: T;
  choices: readonly T[];
  /** How a choice reads in the list (the choice itself by default). */
  words?: (choice: T) => string;
  onChange: (choice: T) => void;
  /** The select's width. */
  className?: string;
}) {
  return (
    <Field label={label}>
      <NativeSelect
        name={name}
        value={value}
        onChange={(e) => onChange(choices.find((c) => c === e.target.value) ?? value)}
        className={className}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {words(choice)}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
