import { useSyncExternalStore } from "react";

/** The kinds of toast the store shows (SPEC.md §9); `blank` is react-hot-toast's plain one. */
export type ToastKind = "blank" | "success" | "error";

/**
 * react-hot-toast (and goober), fetched on first use rather than with every page: most pages
 * never show a toast in the browser, and the library is ~5 KB gzipped of the 100 KB budget
 * (DESIGN.md §17; docs/decisions/0530). Its store is a module global, so toasts made before the
 * `<Toaster>` mounts are shown once it does.
 */
let library: Promise<typeof import("react-hot-toast")> | undefined;
/** Tells `<Toasts>` (the one subscriber) to mount its toaster. */
let notify: (() => void) | undefined;

/** Starts (once) fetching react-hot-toast and has `<Toasts>` mount its toaster. */
export function loadToastLibrary(): Promise<typeof import("react-hot-toast")> {
  if (!library) {
    library = import("react-hot-toast");
    notify?.();
  }
  return library;
}

/** True once a toast has been asked for on this page (false on the server and when hydrating). */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      notify = onChange;
      return () => (notify = undefined);
    },
    () => library !== undefined,
    () => false,
  );
}

/**
 * Shows `message` as a toast with react-hot-toast's defaults (SPEC.md §9: 4000 ms blank/error,
 * 2000 ms success). Browser only; a failure to fetch the library is never thrown: the browser's
 * network panel already shows the chunk that did not load, and the store writes no browser
 * console lines (docs/decisions/1000-structured-logs.md).
 */
export function showToast(message: string, kind: ToastKind = "blank"): void {
  loadToastLibrary().then(
    ({ toast }) => (kind === "blank" ? toast : toast[kind])(message),
    () => undefined,
  );
}
