/** A spinner with a spoken label; `overlay` covers the results while a slow search runs. */
export function Spinner({ label, overlay = false }: { label: string; overlay?: boolean }) {
  return (
    <div className={overlay ? "spinner spinner--overlay" : "spinner"} role="status">
      <svg className="spinner__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" />
      </svg>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
