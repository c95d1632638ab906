import { COLLECTION_SEARCH_ID } from "~/constants/store";
import { useT } from "~/i18n/use-t";
import { SearchIcon } from "./icons";

/**
 * The search icon of collection paths (SPEC.md §2 "showSearch"): a link to the page's own search
 * box, not a second search form, so the HTML holds one search box (issue 9 item 2;
 * docs/decisions/0410-one-copy-honest-controls.md, superseding 0162's header bar). Without
 * JavaScript the fragment link scrolls to the box (and a text browser jumps to it); with it, the
 * box also takes the focus.
 */
export function SearchToggle() {
  const { t } = useT();
  return (
    <a
      href={`#${COLLECTION_SEARCH_ID}`}
      data-testid="search-toggle"
      onClick={(event) => {
        const field = document.getElementById(COLLECTION_SEARCH_ID);
        if (!field) return;
        event.preventDefault();
        field.focus();
        field.scrollIntoView({ block: "center" });
      }}
      className="flex h-10 w-10 items-center justify-center rounded-full text-gray-800 hover:bg-gray-100 hover:text-gray-900"
    >
      <SearchIcon />
      <span className="sr-only">{t("shell.search")}</span>
    </a>
  );
}
