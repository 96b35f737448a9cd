/**
 * "Uteslut" beside a code filter's row (issue 46 point 2, docs/decisions/0064): a toggle button that leaves the code
 * out of the search, or takes it back. A real button (Tab, Enter and Space), pressed while the code is left out, and
 * named with the code's title for a screen reader ("Uteslut Stockholms län").
 */
export function ExcludeToggle({ text, excluded, onToggle }: { text: string; excluded: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className={excluded ? "exclude-toggle is-pressed" : "exclude-toggle"}
      aria-pressed={excluded}
      aria-label={`Uteslut ${text}`}
      title={excluded ? "Utesluten: ta med igen" : "Uteslut"}
      onClick={onToggle}
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="6" />
        <path d="M3.8 12.2l8.4-8.4" />
      </svg>
    </button>
  );
}
