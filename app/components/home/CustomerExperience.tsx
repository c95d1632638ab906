import type { ReactNode } from "react";

type Item = { title: string; text: string; icon: ReactNode };

const iconClass = "h-10 w-10 stroke-current text-gray-900";

const ITEMS: Item[] = [
  {
    title: "Free Shipping",
    text: "Free delivery across India, usually within 4 to 5 days.",
    icon: (
      <svg viewBox="0 0 24 24" fill="none" strokeWidth="1.5" className={iconClass} aria-hidden="true">
        <path d="M2.5 6.5h11v9h-11zM13.5 9.5h4l3 3v3h-7" strokeLinejoin="round" />
        <circle cx="6.5" cy="17.5" r="1.75" />
        <circle cx="17" cy="17.5" r="1.75" />
      </svg>
    ),
  },
  {
    title: "Authentic Watches",
    text: "Genuine watches in their original box, with the maker's warranty.",
    icon: (
      <svg viewBox="0 0 24 24" fill="none" strokeWidth="1.5" className={iconClass} aria-hidden="true">
        <path d="M12 2.75l7.5 3v5.5c0 4.6-3.2 8.3-7.5 9.9-4.3-1.6-7.5-5.3-7.5-9.9v-5.5z" strokeLinejoin="round" />
        <path d="M8.75 12l2.25 2.25 4.25-4.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    ),
  },
  {
    title: "Secure Payments",
    text: "Pay by card or UPI through a trusted, encrypted payment partner.",
    icon: (
      <svg viewBox="0 0 24 24" fill="none" strokeWidth="1.5" className={iconClass} aria-hidden="true">
        <rect x="4.5" y="10.5" width="15" height="10" rx="1.5" />
        <path d="M8 10.5V7.75a4 4 0 018 0v2.75" />
        <circle cx="12" cy="15.5" r="1.25" />
      </svg>
    ),
  },
  {
    title: "Customer Support",
    text: "Real people to help you, Monday to Saturday, 10:00 to 19:00 IST.",
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
  return (
    <section aria-labelledby="experience-heading" className="border-y border-gray-200 bg-stone-50">
      <div className="mx-auto max-w-screen-xl px-4 py-14 sm:px-8">
        <h2 id="experience-heading" className="sr-only">
          Why shop with us
        </h2>
        <ul className="grid gap-10 text-center sm:grid-cols-2 lg:grid-cols-4" data-testid="customer-experience">
          {ITEMS.map((item) => (
            <li key={item.title} className="flex flex-col items-center gap-3">
              {item.icon}
              <h3 className="font-semibold text-gray-900">{item.title}</h3>
              <p className="max-w-xs text-sm text-gray-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
