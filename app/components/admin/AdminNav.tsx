import { NavLink } from "@remix-run/react";
import type { StaffRole } from "~/constants/staff";

const LINKS: { to: string; label: string; end?: boolean; ownerOnly?: boolean }[] = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/returns", label: "Returns" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/grievances", label: "Grievances" },
  { to: "/admin/declarations", label: "Declarations" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/newsletter", label: "Newsletter" },
  { to: "/admin/personal-data", label: "Personal data" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/discounts", label: "Discounts" },
  { to: "/admin/delivery", label: "Delivery" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/staff", label: "Staff", ownerOnly: true },
];

/** The back office's navigation (issue 12): one list of links, the current page marked for screen readers. */
export function AdminNav({ staff }: { staff: { email: string; role: StaffRole } }) {
  return (
    <div className="border-b border-gray-300 bg-gray-50">
      <div className="mx-auto flex max-w-screen-xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <nav aria-label="Back office">
          <ul className="flex flex-wrap gap-4 text-sm">
            <li className="font-semibold text-gray-900">Back office</li>
            {LINKS.filter((link) => !link.ownerOnly || staff.role === "owner").map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) => (isActive ? "font-semibold text-black underline underline-offset-4" : "text-gray-800 hover:text-black hover:underline")}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-gray-700">
          {staff.email} <span className="rounded bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-900">{staff.role}</span>
        </p>
      </div>
    </div>
  );
}
