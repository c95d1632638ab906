import { usePhrase } from "~/i18n/use-phrase";

/**
 * The cart's lines that can't be ordered now (issue 23 item 1: sold out, or fewer left than
 * asked; issue 43 item 3: more than one order may have), each in words, worded by the server
 * (lib/stock `cartStockProblems`, lib/order-limits `orderLimitProblems`). Nothing when none.
 */
export function StockProblems({ problems }: { problems: readonly { productId: string | null; message: string }[] }) {
  const phrase = usePhrase();
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="my-4 rounded border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="stock-problems">
      <ul className="list-disc space-y-1 pl-5">
        {problems.map((problem) => (
          <li key={problem.message}>{phrase(problem.message)}</li>
        ))}
      </ul>
    </div>
  );
}
