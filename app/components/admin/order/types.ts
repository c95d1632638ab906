import type { SerializeFrom } from "@remix-run/node";
import type { AdminOrderDetail } from "~/backend/own/types";

/**
 * One order as the order page's loader sends it over JSON (issue 12 item 1): the shape of
 * `own.adminOrders.loadAdminOrder`. Money in integer paise, times in ms since epoch.
 */
export type OrderDetail = SerializeFrom<AdminOrderDetail>;
