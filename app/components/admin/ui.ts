/** Tailwind classes shared by the back office's forms and tables (issue 12). */
export const adminStyles = {
  page: "mx-auto max-w-screen-xl px-4 pb-16 pt-6 sm:px-6",
  h1: "text-2xl font-semibold text-gray-900",
  h2: "text-lg font-semibold text-gray-900",
  label: "block text-sm font-medium text-gray-800",
  input: "mt-1 block w-full rounded border border-gray-400 px-3 py-2 text-sm text-gray-900 focus:border-black focus:outline-none focus:ring-1 focus:ring-black",
  button: "inline-flex items-center justify-center rounded bg-black px-4 py-2 text-sm font-medium text-white hover:bg-gray-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-black",
  secondaryButton: "inline-flex items-center justify-center rounded border border-gray-900 px-4 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100",
  dangerButton: "inline-flex items-center justify-center rounded bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800",
  table: "min-w-full divide-y divide-gray-300 text-left text-sm",
  th: "px-3 py-2 font-semibold text-gray-900",
  td: "px-3 py-2 text-gray-800 align-top",
  error: "mt-1 text-sm text-red-700",
  card: "rounded border border-gray-300 p-4",
  link: "text-gray-900 underline underline-offset-2 hover:text-black",
} as const;
