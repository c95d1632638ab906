/** The colours of each stock level (issue 23): green in stock, amber few left, grey out of stock. */
const LOOKS = {
  in: { badge: "bg-green-50 text-green-800", dot: "bg-green-600" },
  low: { badge: "bg-amber-50 text-amber-900", dot: "bg-amber-600" },
  out: { badge: "bg-gray-100 text-gray-800", dot: "bg-gray-500" },
} as const;

/**
 * What the shop has of a watch (issue 23 item 1; DESIGN.md §21): "In stock", "Only N left" or
 * "Out of stock", worded by the server (lib/stock `stockLabel`); nothing when the stock is not
 * tracked, so the page never claims what the data can't back.
 */
export function StockLabel({ stock, size = "md" }: { stock: { level: keyof typeof LOOKS; text: string } | null; size?: "sm" | "md" }) {
  if (!stock) return null;
  const look = LOOKS[stock.level];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full font-medium ${look.badge} ${size === "sm" ? "px-2 py-0.5 text-xs" : "px-3 py-1 text-sm"}`}
      data-testid="stock"
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${look.dot}`} />
      {stock.text}
    </span>
  );
}
