import { Link } from "@remix-run/react";

/** PLACEHOLDER header (SPEC.md §2 "Header and footer"). */
export function Header() {
  return (
    <header className="border-b">
      <Link to="/">Chrono India</Link>
    </header>
  );
}
