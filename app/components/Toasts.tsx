import { useEffect } from "react";
import toast, { Toaster } from "react-hot-toast";
import { TOAST_LIMIT } from "~/constants/store";

export type FlashToast = { message: string; type: "info" | "success" | "error" | "warning" };

/**
 * Shows the server's flash toast (DESIGN.md §10): always as text in an aria-live region of the
 * HTML, so it is read and seen without JavaScript; with JavaScript, also through react-hot-toast,
 * whose defaults are SPEC.md §9's limits (4000 ms blank/error, 2000 ms success).
 */
export function Toasts({ flash }: { flash: FlashToast | undefined }) {
  useEffect(() => {
    if (!flash) return;
    if (flash.type === "success") toast.success(flash.message);
    else if (flash.type === "error") toast.error(flash.message);
    else toast(flash.message);
  }, [flash]);
  return (
    <>
      <div
        role="status"
        aria-live="polite"
        data-testid="flash-toast"
        className="js-hide-when-hydrated mx-auto max-w-screen-xl px-4"
      >
        {flash ? (
          <p
            className={`my-3 rounded border px-4 py-2 text-sm ${
              flash.type === "error" ? "border-red-300 bg-red-50 text-red-800" : "border-green-300 bg-green-50 text-green-800"
            }`}
          >
            {flash.message}
          </p>
        ) : null}
      </div>
      <ToasterWhenHydrated />
    </>
  );
}

function ToasterWhenHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Toaster position="top-right" toastOptions={{ ariaProps: { role: "status", "aria-live": "polite" } }} containerStyle={{ zIndex: 9999 }} gutter={8} />;
}

export { TOAST_LIMIT };
