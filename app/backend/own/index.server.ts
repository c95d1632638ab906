import type { DB } from "~/db/db.server";
import { listenForCatalogueChanges } from "~/db/catalogue-listen.server";
import { closeDb } from "~/db/index.server";
import { pendingMigrations } from "~/db/db.server";
import { bindDb } from "~/backend/own/bind.server";
import { oncePerRequest } from "~/observability/request-context.server";
import * as accounts from "~/services/accounts.server";
import * as addresses from "~/services/addresses.server";
import * as adminOrders from "~/services/admin-orders.server";
import * as audit from "~/services/audit.server";
import * as backupSchedule from "~/services/backup-schedule.server";
import * as catalogue from "~/services/catalogue.server";
import * as catalogueImport from "~/services/catalogue-import.server";
import * as creditNotes from "~/services/credit-notes.server";
import * as dashboard from "~/services/dashboard.server";
import * as discounts from "~/services/discounts.server";
import * as discountsAdmin from "~/services/discounts-admin.server";
import * as delivery from "~/services/delivery.server";
import * as grievances from "~/services/grievances.server";
import * as invoicePdf from "~/services/invoice-pdf.server";
import * as invoices from "~/services/invoices.server";
import * as media from "~/services/media.server";
import * as newsletter from "~/services/newsletter.server";
import * as orderEmails from "~/services/order-emails.server";
import * as orderPage from "~/services/order-page.server";
import * as orderCancel from "~/services/order-cancel.server";
import * as orders from "~/services/orders.server";
import * as passwordResets from "~/services/password-resets.server";
import * as paymentsHttp from "~/services/payments-http.server";
import * as personalData from "~/services/personal-data.server";
import * as pins from "~/lib/pin-directory.server";
import * as problemReports from "~/services/problem-reports.server";
import * as productsAdmin from "~/services/products-admin.server";
import * as refunds from "~/services/refunds.server";
import * as returns from "~/services/returns.server";
import * as returnsAdmin from "~/services/returns-admin.server";
import * as reviews from "~/services/reviews.server";
import * as scheduledRuns from "~/services/scheduled-runs.server";
import * as sellerDetails from "~/services/seller-details.server";
import * as salesExport from "~/services/sales-export.server";
import * as staff from "~/services/staff.server";
import * as stock from "~/services/stock.server";
import * as storeFigures from "~/services/store-figures.server";
import * as declarations from "~/services/declarations.server";
import * as wishlist from "~/services/wishlist.server";
import * as shopperHeader from "~/services/shopper-header.server";
import * as shopperLanguage from "~/services/shopper-language.server";

/*
 * The store's own features (docs/decisions/0680-one-door.md): everything this process runs on its
 * own database beyond SPEC.md §7's calls — the back office, invoices, problem reports, the address
 * book, the owner's delivery rules, payment webhooks and the simulator. Routes, utils and
 * components reach them only as `getBackend().own` (null when the store's data lives on another
 * server, BACKEND_URL), never by importing services or the database; whether a store has them is
 * asked of `getBackend().capabilities`. Each namespace is the services' functions with the
 * database parameter bound (bindDb), plus the pure helpers that belong to them.
 */

/** The parameters of a `(db, …args)` function after its database. */
type WithoutDb<F> = F extends (db: DB, ...args: infer A) => unknown ? A : never;

/** The own store of a process whose database is `getDb()`. */
export function createOwnStore(getDb: () => Promise<DB>) {
  const bind = <F extends Parameters<typeof bindDb>[1]>(fns: F) => bindDb(getDb, fns);
  return {
    /**
     * Sessions and roles: the account of a session token (BackendError 401 when it is gone); a
     * forgotten password's emailed link, a password change and "Sign out everywhere".
     */
    accounts: {
      ...bind({
        requireAccount: accounts.requireAccount,
        requestPasswordReset: passwordResets.requestPasswordReset,
        checkResetLink: passwordResets.checkResetLink,
        resetPassword: passwordResets.resetPassword,
        changePassword: passwordResets.changePassword,
        endAllSessions: passwordResets.endAllSessions,
      }),
      /** Password reset and change (issue 24 item 1; docs/decisions/0700). */
      PasswordFormError: passwordResets.PasswordFormError,
      resetLinkMessage: passwordResets.resetLinkMessage,
    },
    /** The shopper's address book (issue 13 item 5). */
    addresses: {
      ...bind({
        listSavedAddresses: addresses.listSavedAddresses,
        getSavedAddress: addresses.getSavedAddress,
        defaultAddressPin: addresses.defaultAddressPin,
        addSavedAddress: addresses.addSavedAddress,
        updateSavedAddress: addresses.updateSavedAddress,
        deleteSavedAddress: addresses.deleteSavedAddress,
        setDefaultSavedAddress: addresses.setDefaultSavedAddress,
      }),
      SavedAddressInputError: addresses.SavedAddressInputError,
      SAVED_ADDRESS_MESSAGES: addresses.SAVED_ADDRESS_MESSAGES,
      MAX_SAVED_ADDRESSES: addresses.MAX_SAVED_ADDRESSES,
    },
    /** The delivery promise and the owner's rules (issue 13), with the PIN directory. */
    delivery: {
      ...bind({
        readDeliveryRules: delivery.readDeliveryRules,
        saveDeliveryRules: delivery.saveDeliveryRules,
        checkDelivery: delivery.checkDelivery,
        checkOrderDelivery: delivery.checkOrderDelivery,
      }),
      lookupPin: pins.lookupPin,
      isKnownPlace: pins.isKnownPlace,
      pinDirectoryInfo: pins.pinDirectoryInfo,
    },
    /**
     * Discount codes on the shopper's cart and the Offers page (issue 47 item 2; docs/decisions/1011):
     * apply (refusals are BackendError 400 with the reason), remove, the cart's code and its effect now.
     */
    discounts: bind({
      applyCartCode: discounts.applyCartCode,
      removeCartCode: discounts.removeCartCode,
      cartCode: discounts.cartCode,
      listOfferCodes: discounts.listOfferCodes,
      // The Store API's answers (issue 47 item 6; docs/decisions/1013).
      cartCodeSummary: discounts.cartCodeSummary,
      applyCartCodeSummary: discounts.applyCartCodeSummary,
    }),
    /**
     * Discount codes in the back office (issue 47 item 1; docs/decisions/1012): the list with uses,
     * revenue and discount given, one code, create, edit, pause/activate (each audited), the CSV.
     */
    discountsAdmin: {
      ...bind({
        listCodes: discountsAdmin.listCodes,
        findCode: discountsAdmin.findCode,
        knownBrands: discountsAdmin.knownBrands,
        createCode: discountsAdmin.createCode,
        updateCode: discountsAdmin.updateCode,
        setCodeStatus: discountsAdmin.setCodeStatus,
      }),
      codesCsv: discountsAdmin.codesCsv,
      DiscountCodeInputError: discountsAdmin.DiscountCodeInputError,
    },
    /** The shopper's cancel before it ships (issue 45 item 1; docs/decisions/0981). */
    cancels: bind({ cancelOrderByShopper: orderCancel.cancelOrderByShopper }),
    /** The shopper's order page in one trip, with its invoice and its problem reports (issue 14). */
    orderPages: bind({ shopperOrderPage: orderPage.shopperOrderPage, shopperInvoicePdf: orderPage.shopperInvoicePdf }),
    /** GST tax invoices and the store settings they are issued under (issue 14 item 2). */
    invoices: {
      ...bind({ findInvoice: invoices.findInvoice, saveStoreSettings: invoices.saveStoreSettings }),
      /** The settings, read once a GET (the footer, the return policy, the seller's details on one page). */
      readStoreSettings: () => oncePerRequest("store-settings", async () => invoices.readStoreSettings(await getDb())),
      invoicePdfFilename: invoices.invoicePdfFilename,
      renderInvoicePdf: invoicePdf.renderInvoicePdf,
    },
    /** GST credit notes of refunded returns (issue 45 item 5; docs/decisions/0986): the order pages' links and PDFs. */
    creditNotes: {
      ...bind({
        listCreditNotes: creditNotes.listCreditNotes,
        findCreditNote: creditNotes.findCreditNote,
        shopperOrderCreditNotes: creditNotes.shopperOrderCreditNotes,
        shopperCreditNotePdf: creditNotes.shopperCreditNotePdf,
      }),
      creditNotePdfFilename: creditNotes.creditNotePdfFilename,
      renderCreditNotePdf: invoicePdf.renderCreditNotePdf,
    },
    /** Problem reports (issue 14 item 3; issue 21). */
    reports: {
      ...bind({
        shopperReports: problemReports.shopperReports,
        reportProblem: problemReports.reportProblem,
        listReports: problemReports.listReports,
        findReport: problemReports.findReport,
        answerReport: problemReports.answerReport,
      }),
      reportUploadsDir: problemReports.reportUploadsDir,
    },
    /** The shopper's return and exchange requests (issue 45 item 2; docs/decisions/0982). */
    returns: {
      ...bind({
        shopperReturnSection: returns.shopperReturnSection,
        shopperReturnView: returns.shopperReturnView,
        requestReturn: returns.requestReturn,
        findReturn: returns.findReturn,
        listOrderReturns: returns.listOrderReturns,
        apiOrderReturns: returns.apiOrderReturns,
        apiRequestReturn: returns.apiRequestReturn,
      }),
      returnUploadsDir: returns.returnUploadsDir,
      returnPhotoDir: returns.returnPhotoDir,
    },
    /** Verified reviews: the shopper's review page, the product page's list, the moderation queue (issue 23 item 2). */
    reviews: bind({
      reviewStanding: reviews.reviewStanding,
      submitReview: reviews.submitReview,
      withdrawReview: reviews.withdrawReview,
      publishedReviews: reviews.publishedReviews,
      listPendingReviews: reviews.listPendingReviews,
      findReview: reviews.findReview,
      publishReview: reviews.publishReview,
      rejectReview: reviews.rejectReview,
    }),
    /** The shopper's chosen language on the account (issue 27; docs/decisions/0900; `capabilities.accountLanguage`). */
    languages: bind({ setShopperLanguage: shopperLanguage.setShopperLanguage, shopperLanguage: shopperLanguage.shopperLanguage }),
    /** What every page's header shows of a session, in one trip (issue 26 item 1; docs/decisions/0800). */
    shopperHeader: bind({ shopperHeaderState: shopperHeader.shopperHeaderState }),
    /** The shopper's wishlist, kept on the server (issue 24 item 2; docs/decisions/0710). */
    wishlist: bind({
      saveToWishlist: wishlist.saveToWishlist,
      removeFromWishlist: wishlist.removeFromWishlist,
      isInWishlist: wishlist.isInWishlist,
      wishlistItems: wishlist.wishlistItems,
    }),
    /** The newsletter with real consent: sign-up, confirmation, one-click unsubscribe, the back office's list and sends (issue 24 item 3). */
    newsletter: {
      ...bind({
        requestSubscription: newsletter.requestSubscription,
        confirmationIsLive: newsletter.confirmationIsLive,
        confirmSubscription: newsletter.confirmSubscription,
        unsubscribeTokenIsKnown: newsletter.unsubscribeTokenIsKnown,
        unsubscribe: newsletter.unsubscribe,
        newsletterOffice: newsletter.newsletterOffice,
        countSubscribers: newsletter.countSubscribers,
        subscribersCsv: newsletter.subscribersCsv,
        sendNewsletter: newsletter.sendNewsletter,
      }),
    },
    /** Grievances: the complaint form, the follow link, the back office's deadline view and answers (issue 25 item 3; docs/decisions/0750). */
    grievances: bind({
      fileGrievance: grievances.fileGrievance,
      followGrievance: grievances.followGrievance,
      confirmGrievance: grievances.confirmGrievance,
      shopperGrievance: grievances.shopperGrievance,
      shopperGrievances: grievances.shopperGrievances,
      openGrievances: grievances.openGrievances,
      grievanceCounts: grievances.grievanceCounts,
      findGrievance: grievances.findGrievance,
      resolveGrievance: grievances.resolveGrievance,
    }),
    /**
     * The shopper's personal data (issue 25 item 4; DPDP Act 2023; docs/decisions/0770): the export,
     * name correction, marketing consent, account deletion; the back office finds a shopper by email.
     */
    personalData: bind({
      exportPersonalData: personalData.exportPersonalData,
      marketingConsent: personalData.marketingConsent,
      withdrawMarketingConsent: personalData.withdrawMarketingConsent,
      correctName: personalData.correctName,
      findShopperByEmail: personalData.findShopperByEmail,
      findShopperById: personalData.findShopperById,
      auditPersonalDataAccess: personalData.auditPersonalDataAccess,
      deleteAccount: personalData.deleteAccount,
      openOrderCount: personalData.openOrderCount,
    }),
    /** The back office's orders, refunds and sales (issue 12). */
    adminOrders: {
      ...bind({
        listAdminOrders: adminOrders.listAdminOrders,
        loadAdminOrder: adminOrders.loadAdminOrder,
        markCodPaid: adminOrders.markCodPaid,
        issueRefund: refunds.issueRefund,
        refreshRefund: refunds.refreshRefund,
        resolveExtraPayment: refunds.resolveExtraPayment,
        listSalesLines: salesExport.listSalesLines,
        setOrderStatus: orders.setOrderStatus,
      }),
      liveCredentials: adminOrders.liveCredentials,
      newRefundKey: refunds.newRefundKey,
      salesCsv: salesExport.salesCsv,
    },
    /**
     * Returns in the back office and the COD shopper's payout details (issue 45 items 3, 4;
     * docs/decisions/0984, 0985): the queue, one request, each staff step.
     */
    returnsOffice: {
      ...bind({
        returnQueue: returnsAdmin.returnQueue,
        loadAdminReturn: returnsAdmin.loadAdminReturn,
        returnsOfOrder: returnsAdmin.returnsOfOrder,
        approveReturn: returnsAdmin.approveReturn,
        rejectReturn: returnsAdmin.rejectReturn,
        scheduleReturnPickup: returnsAdmin.scheduleReturnPickup,
        markReturnReceived: returnsAdmin.markReturnReceived,
        refundReturn: returnsAdmin.refundReturn,
        shipReturnExchange: returnsAdmin.shipReturnExchange,
        payoutStandings: returnsAdmin.payoutStandings,
        savePayoutDetails: returnsAdmin.savePayoutDetails,
        shopperPayoutStandings: returnsAdmin.shopperPayoutStandings,
        saveShopperPayout: returnsAdmin.saveShopperPayout,
      }),
      refundedWords: returnsAdmin.refundedWords,
      PAYOUT_SAVED: returnsAdmin.PAYOUT_SAVED,
    },
    /** The back office's products, pictures and catalogue files (issue 12 item 2). */
    products: {
      ...bind({
        adminProductList: productsAdmin.adminProductList,
        getAdminProduct: productsAdmin.getAdminProduct,
        createProduct: productsAdmin.createProduct,
        updateProduct: productsAdmin.updateProduct,
        setProductHidden: productsAdmin.setProductHidden,
        setProductBestseller: productsAdmin.setProductBestseller,
        writeCatalogue: catalogueImport.writeCatalogue,
        stockMovements: stock.stockMovements,
      }),
      productBatches: async function* (...args: WithoutDb<typeof catalogue.productBatches>) {
        yield* catalogue.productBatches(await getDb(), ...args);
      },
      ProductWriteError: productsAdmin.ProductWriteError,
      checkImage: media.checkImage,
      storeImages: media.storeImages,
      readStoredImage: media.readStoredImage,
      checkCatalogueStream: catalogueImport.checkCatalogueStream,
      countProblems: catalogueImport.countProblems,
      moreProblemsLine: catalogueImport.moreProblemsLine,
      PROBLEMS_SHOWN: catalogueImport.PROBLEMS_SHOWN,
    },
    /** Legal Metrology declarations: brands' defaults and the products that lack one (issue 25 item 2). */
    declarations: {
      /** Every brand's declarations, read once a GET. */
      readBrandDeclarations: () => oncePerRequest("brand-declarations", async () => declarations.readBrandDeclarations(await getDb())),
      ...bind({
        saveBrandDeclarations: declarations.saveBrandDeclarations,
        undeclaredProducts: declarations.undeclaredProducts,
      }),
    },
    /** Staff roles, the audit trail and the dashboard (issue 12). */
    office: bind({
      listStaff: staff.listStaff,
      setStaffRole: staff.setStaffRole,
      auditTrail: audit.auditTrail,
      loadDashboard: dashboard.loadDashboard,
    }),
    /** Cashfree's webhooks and the payment simulator's pages, received by this store (DESIGN.md §9). */
    payments: {
      receiveCashfreeWebhook: paymentsHttp.receiveCashfreeWebhook,
      handleSimulatorRequest: paymentsHttp.handleSimulatorRequest,
    },
    /**
     * The process's own background work (entry.server.tsx): `start` runs the order emails' sender
     * (issue 14 item 4), the sweep of interrupted report uploads (issue 21 item 1), the release
     * of unpaid orders' stock past the hold time (issue 23 item 1), the declarations' check and
     * the warning for seller's details left empty while payments are live (issue 25); `stop`
     * (graceful shutdown) lets the email in flight finish, then closes the database.
     */
    process: {
      start: () => {
        orderEmails.startOrderEmails();
        problemReports.startUploadSweep();
        stock.startStockHoldSweep();
        declarations.startDeclarationsCheck();
        void sellerDetails.checkSellerDetailsAtStart();
        // Issue 46 item 1: the scheduled backups and the pid file a restore checks (docs/decisions/1001);
        // on PostgreSQL once for the whole store (issue 49 item 1; docs/decisions/1020).
        backupSchedule.startBackupSchedule();
        // Issue 49 item 1: a machine whose clock is off from the database's is told at start.
        void scheduledRuns.checkClockSkewAtStart(getDb);
      },
      stop: async () => {
        stock.stopStockHoldSweep();
        await backupSchedule.stopBackupSchedule();
        await orderEmails.stopOrderEmails();
        await closeDb();
      },
    },
    /** Catalogue-change notices from PostgreSQL (LISTEN/NOTIFY) for the page cache (DESIGN.md §15, §17). */
    catalogueChanges: { listen: listenForCatalogueChanges },
    /**
     * What the operator's tools read (issue 46 items 3, 4): the metrics' figures at scrape time
     * (outbox, refunds due, stock holds) and readiness's pending migrations (throws when the
     * database does not answer).
     */
    operations: bind({ storeFigures: storeFigures.storeFigures, pendingMigrations }),
  };
}

/** The store's own features, as `getBackend().own` offers them. */
export type OwnStore = ReturnType<typeof createOwnStore>;
