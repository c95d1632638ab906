/*
 * Types of the store's own features for routes and components (docs/decisions/0680-one-door.md):
 * they reach the features through `getBackend().own` and name their shapes from here.
 */
export type { OwnStore } from "~/backend/own/index.server";
export type { Actor } from "~/services/audit.server";
export type { Account } from "~/services/accounts.server";
export type { AdminListParams } from "~/services/products-admin.server";
export type { PeriodFigures } from "~/services/dashboard.server";
export type { DeliveryProblems } from "~/services/delivery.server";
export type { CheckedImage } from "~/services/media.server";
export type { Invoice } from "~/services/invoices.server";
export type { AdminOrderDetail } from "~/services/admin-orders.server";
export type { QueuedReview, Review, ReviewStanding } from "~/services/reviews.server";
export type { DeletionSummary, FoundShopper, MarketingConsent, PersonalDataExport } from "~/services/personal-data.server";
export type { RefundReason, StoreFigures } from "~/services/store-figures.server";
