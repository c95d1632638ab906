import type { MessageKey } from "~/i18n/catalogues/en.server";
import { useT } from "~/i18n/use-t";
import type { ReactNode } from "react";

type Item = { title: MessageKey; text: MessageKey; icon: ReactNode };

const iconClass = "h-10 w-10 stroke-current text-gray-900";

const ITEMS: Item[] = [
  {
    title: "home.freeShipping",
    text: "home.freeShippingText",
    icon: (
      <svg viewBox="0 0 24 24" fill="none" strokeWidth="1.5" className={iconClass} aria-hidden="true">
        <path d="M2.5 6.5h11v9h-11zM13.5 9.5h4l3 3v3h-7" strokeLinejoin="round" />
        <circle cx="6.5" cy="17.5" r="1.75" />
        <circle cx="17" cy="17.5" r="1.75" />
      </svg>
    ),
  },
  {
    title: "home.authentic",
    text: "home.authenticText",
    icon: (
      <svg viewBox="0 0 24 24" fill="none" strokeWidth="1.5" className={iconClass} aria-hidden="true">
        <path d="M12 2.75l7.5 3v5.5c0 4.6-3.2 8.3-7.5 9.9-4.3-1.6-7.5-5.3-7.5-9.9v-5.5z" strokeLinejoin="round" />
        <path d="M8.75 12l2.25 2.25 4.25-4.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    ),
  },
  {
    title: "home.securePayments",
    text: "home.securePaymentsText",
    icon: (
      <svg viewBox="0 0 24 24" fill="none" strokeWidth="1.5" className={iconClass} aria-hidden="true">
        <rect x="4.5" y="10.5" width="15" height="10" rx="1.5" />
        <path d="M8 10.5V7.75a4 4 0 018 0v2.75" />
        <circle cx="12" cy="15.5" r="1.25" />
      </svg>
    ),
  },
  {
    title: "home.support",
    text: "home.supportText",
    icon: (
      <svg viewBox="0 0 24 24" fill="none" strokeWidth="1.5" className={iconClass} aria-hidden="true">
        <path d="M4.5 13.5v-2a7.5 7.5 0 0115 0v2" />
        <rect x="3.5" y="13" width="4" height="6" rx="1.25" />
        <rect x="16.5" y="13" width="4" height="6" rx="1.25" />
        <path d="M18.5 19c0 1.4-1.6 2.25-4.25 2.25H12.5" strokeLinecap="round" />
      </svg>
    ),
  },
];

/** The home page's four-item customer experience block (SPEC.md §2 "Home"). */
export function CustomerExperience() {
  const { t } = useT();
  return (
    <section aria-labelledby="experience-heading" className="border-y border-gray-200 bg-stone-50">
      <div className="mx-auto max-w-screen-xl px-4 py-14 sm:px-8">
        <h2 id="experience-heading" className="sr-only">
          {t("home.whyUs")}
        </h2>
        <ul className="grid gap-10 text-center sm:grid-cols-2 lg:grid-cols-4" data-testid="customer-experience">
          {ITEMS.map((item) => (
            <li key={item.title} className="flex flex-col items-center gap-3">
              {item.icon}
              <h3 className="font-semibold text-gray-900">{t(item.title)}</h3>
              <p className="max-w-xs text-sm text-gray-600">{t(item.text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
