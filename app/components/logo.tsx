/** The Urval mark and word, linking to the start page. */
import { Link } from "@remix-run/react";

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label="Urval, till startsidan">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" />
        <path d="M9 8v10a7 7 0 0 0 14 0V8h-4v10a3 3 0 0 1-6 0V8z" />
      </svg>
      <span className="logo__word">Urval</span>
    </Link>
  );
}
