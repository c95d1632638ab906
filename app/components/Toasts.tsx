import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { loadToastLibrary, showToast, useToastsWanted } from "~/components/toast";
import { TOAST_LIMIT } from "~/constants/store";

export type FlashToast = { message: string; type: "info" | "success" | "error" | "warning" };

/**
 * Shows the server's flash toast (DESIGN.md §10): always as text in an aria-live region of the
 * HTML, so it is read and seen without JavaScript; with JavaScript, also through react-hot-toast,
 * whose defaults are SPEC.md §9's limits (4000 ms blank/error, 2000 ms success). The library is
 * fetched only when a toast is shown (app/components/toast.ts).
 */
export function Toasts({ flash }: { flash: FlashToast | undefined }) {
  useEffect(() => {
    if (!flash) return;
    showToast(flash.message, flash.type === "success" ? "success" : flash.type === "error" ? "error" : "blank");
  }, [flash]);
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // The toaster mounts with the first toast of the page (react-hot-toast is fetched then).
  const wanted = useToastsWanted();
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
      {wanted ? (
        <Suspense fallback={null}>
          <HotToaster />
        </Suspense>
      ) : null}
    </>
  );
}

/** react-hot-toast's `<Toaster>`, from the lazily fetched library; nothing if it cannot be fetched. */
const HotToaster = lazy(
  (): Promise<{ default: ComponentType }> =>
    loadToastLibrary().then(
      ({ Toaster }) => ({
        default: function HotToaster() {
          return (
            <Toaster
              position="top-right"
              toastOptions={{ ariaProps: { role: "status", "aria-live": "polite" } }}
              containerStyle={{ zIndex: 9999 }}
              gutter={8}
            />
          );
        },
      }),
      () => ({ default: () => null }),
    ),
);

export { TOAST_LIMIT };
