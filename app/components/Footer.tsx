/** PLACEHOLDER footer (SPEC.md §2 "Header and footer"). */
export function Footer() {
  return <footer className="border-t p-4 text-sm">© Chrono India</footer>;
}
