/**
 * " · " between pieces of text that sit side by side only by CSS (flex gaps), so a text browser
 * (lynx, w3m) or a copy-paste does not run them together ("₹9,099 · Quantity: 2"). Screen readers
 * skip it (aria-hidden); `visible` also shows it on screen, otherwise it is visually hidden
 * (issue 9 item 2).
 */
export function Separator({ visible = false }: { visible?: boolean }) {
  return (
    <span aria-hidden="true" className={visible ? "text-gray-400" : "sr-only"}>
      {" · "}
    </span>
  );
}
