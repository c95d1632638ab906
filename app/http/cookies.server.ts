/**
 * The names of the cookies in a `Cookie` header (values are not read): what the personal-page
 * rules look at (DESIGN.md §16, §17). An absent or empty header has none.
 */
export function cookieNamesOf(header: string | null | undefined): Set<string> {
  return new Set(
    (header ?? "")
      .split(";")
      .map((part) => part.split("=")[0].trim())
      .filter(Boolean),
  );
}
