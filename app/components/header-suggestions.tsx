/**
 * The header box's suggestion list (issue 26): a listbox under the input with the groups Företag (or Arbetsställen),
 * Bransch and Plats. The input keeps the focus (the active option is its aria-activedescendant); a pressed mouse
 * button does not take the focus away, and a click chooses the option.
 */
import type { SuggestGroup, SuggestOption } from "../lib/search/suggest-list";

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

function OptionContent({ option }: { option: SuggestOption }) {
  if (option.kind === "record") {
    const { name, street, city, orgNo } = option.record;
    return (
      <>
        <span className="suggest__name">{name}</span>
        {/* Issue 38: the street the text matched, before the city. */}
        <span className="suggest__meta">{[street, city, orgNo].filter(Boolean).join(", ")}</span>
      </>
    );
  }
  if (option.kind === "correction") return <span className="suggest__name">{`${option.text}?`}</span>;
  const { text, remainingText } = option.suggestion;
  return (
    <>
      <span className="suggest__name">{text}</span>
      {remainingText ? <span className="suggest__meta">med ”{remainingText}”</span> : null}
    </>
  );
}

interface Props {
  id: string;
  groups: readonly SuggestGroup[];
  open: boolean;
  active: number;
  onChoose: (index: number) => void;
  onPoint: (index: number) => void;
}

export function HeaderSuggestions({ id, groups, open, active, onChoose, onPoint }: Props) {
  return (
    <div id={id} role="listbox" aria-label="Förslag" className="suggest" hidden={!open} onMouseDown={(event) => event.preventDefault()}>
      {groups.map((group) => (
        <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`} className="suggest__group">
          <div id={`${id}-${group.key}`} role="presentation" className="suggest__label">
            {group.label}
          </div>
          {group.options.map(({ index, option }) => (
            <div
              key={index}
              id={optionId(id, index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? "suggest__option suggest__option--active" : "suggest__option"}
              onMouseMove={() => index !== active && onPoint(index)}
              onClick={() => onChoose(index)}
            >
              <OptionContent option={option} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
