import { useRouteLoaderData } from "@remix-run/react";
import type { StaffRole } from "~/constants/staff";

/** The signed-in staff member from the /admin layout's loader, for pages below it (issue 12). */
export function useStaff(): { id: number; name: string; email: string; role: StaffRole } {
  return (useRouteLoaderData("routes/admin") as { staff: { id: number; name: string; email: string; role: StaffRole } }).staff;
}
