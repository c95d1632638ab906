import { useT } from "~/i18n/use-t";
/**
 * The colour picker of a product page (SPEC.md §2): native radio inputs named `size` (the cart
 * line's size-or-colour key, DESIGN.md §8), so it works without JavaScript and with the keyboard.
 * No colour is chosen in advance: SPEC.md §5 asks for "Please select a colour." when none is.
 */
export function ColourPicker({
  colours,
  labels = {},
  notes = {},
  error,
  errorId,
}: {
  colours: readonly string[];
  /** Each colour's label in the page's language (docs/decisions/0972); a colour without one shows itself. The radio's value stays the colour. */
  labels?: Record<string, string>;
  /** Per colour kept apart, the server's words ("Only 2 left", "Out of stock"); a sold-out one can't be chosen. */
  notes?: Record<string, { text: string; soldOut: boolean }>;
  /** The message to show next to the picker, e.g. "Please select a colour.". */
  error?: string;
  errorId: string;
}) {
  const { t } = useT();
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined} data-testid="colour-picker">
      <legend className="mb-3 text-sm font-medium text-gray-900">{t("product.selectColour")}</legend>
      <div className="flex flex-wrap gap-2">
        {colours.map((colour) => {
          const note = notes[colour];
          return (
            <label key={colour} className="cursor-pointer">
              <input
                type="radio"
                name="size"
                value={colour}
                disabled={note?.soldOut}
                aria-invalid={error ? true : undefined}
                className="peer sr-only"
              />
              <span className="inline-block rounded border border-gray-300 bg-gray-50 px-4 py-2 text-sm text-gray-800 peer-checked:border-gray-900 peer-checked:bg-gray-900 peer-checked:text-white peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gray-900 peer-disabled:border-dashed hover:border-gray-500">
                {labels[colour] ?? colour}
                {note && ` (${note.text})`}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700" data-testid="colour-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
