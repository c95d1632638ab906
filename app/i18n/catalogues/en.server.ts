/**
 * The English catalogue (issue 27 item 2; docs/decisions/0850): every shopper-facing text the
 * translated parts of the store show, by namespace. The Hindi catalogue (hi.server.ts) has the
 * same keys — its type says so, and tests/unit/i18n-catalogues.test.ts checks both ways. Texts
 * SPEC.md fixes are word for word. `{name}` is a placeholder; `{ one, other }` are plural forms.
 */
export const en = {
  shell: {
    skipToContent: "Skip to content",
    freeShipping: "Free shipping on all orders across India",
    logIn: "Log in",
    accountMenu: "Account menu",
    helloUser: "Hello User",
    myProfile: "My Profile",
    myOrders: "My Orders",
    backOffice: "Back office",
    /** The account menu's wishlist item (issue 24 item 2), e.g. "My Wishlist (2 watches)". */
    myWishlist: { one: "My Wishlist ({count} watch)", other: "My Wishlist ({count} watches)" },
    logout: "Logout",
    logInSignUp: "Log In / Sign Up",
    menu: "Menu",
    mainNavigation: "Main",
    search: "Search",
    cart: "Cart",
    /** The cart link's name around its count: "Cart, " 2 " items". */
    cartBefore: "Cart, ",
    cartItemsAfter: { one: " item", other: " items" },
    languageSwitch: "Language",
    footerTagline: "Genuine watches from the world's best-loved brands, delivered free across India.",
    shareFeedback: "Share your feedback",
    opensInNewTab: "(opens in a new tab)",
    company: "Company",
    policies: "Policies",
    allRightsReserved: "© {year} {storeName}. All rights reserved.",
  },
  nav: {
    home: "HOME",
    collection: "COLLECTION",
    viewAll: "View All Watches",
    newArrivals: "NEW ARRIVALS",
    about: "ABOUT",
    contact: "CONTACT",
    luxury: "Luxury Watches",
    sport: "Sport Watches",
    smart: "Smart Watches",
    classic: "Classic Watches",
    limited: "Limited Edition",
    footerHome: "Home",
    footerAbout: "About us",
    footerDelivery: "Delivery",
    footerPrivacy: "Privacy policy",
    footerContact: "Contact",
    footerGrievances: "Grievances",
    refundPolicy: "Refund Policy",
    returnPolicy: "Return Policy",
    shippingPolicy: "Shipping Policy",
    paymentPolicy: "Payment Policy",
    warrantyPolicy: "Warranty Policy",
    terms: "Terms & Conditions",
    privacyPolicy: "Privacy Policy",
    faqs: "FAQs",
  },
  card: {
    originalPrice: "Original price ",
    percentOff: "{percent}% off",
    addToWishlist: "Add {name} to wishlist",
    removeFromWishlist: "Remove {name} from wishlist",
  },
  collection: {
    allLead: "ALL ",
    allMain: "COLLECTIONS",
    searchWatches: "Search watches",
    search: "Search",
    showing: "Showing {from} - {to} of {total} products",
    watches: "Watches",
    noWatches: "No watches found",
    tryDifferent: "Try a different search, fewer filters or a wider price range.",
    clearAllFilters: "Clear all filters",
    filters: "FILTERS",
    categories: "Categories",
    brands: "Brands",
    priceRange: "Price range",
    minPrice: "Min price (₹)",
    maxPrice: "Max price (₹)",
    applyFilters: "Apply filters",
    sortBy: "Sort by",
    apply: "Apply",
    sortRelevant: "Relevant",
    sortLowHigh: "Price: Low to High",
    sortHighLow: "Price: High to Low",
    sortNewest: "Newest",
    sortBestselling: "Bestselling",
    categoryMen: "Men",
    categoryWomen: "Women",
    categoryCouple: "Couple",
    activeFilters: "Active filters",
    removeFilter: "Remove filter: ",
    clearAll: "Clear all",
    minChip: "Min {price}",
    maxChip: "Max {price}",
    pagination: "Pagination",
    firstPage: "First page",
    previousPage: "Previous page",
    previous: "Previous",
    nextPage: "Next page",
    next: "Next",
    lastPage: "Last page",
    page: "Page ",
  },
} as const;

/** A catalogue's shape: the English catalogue's namespaces and keys, each a text or plural forms. */
export type Catalogue = {
  [Namespace in keyof typeof en]: {
    [Key in keyof (typeof en)[Namespace]]: (typeof en)[Namespace][Key] extends string ? string : { one: string; other: string };
  };
};

/** A catalogue's namespaces: what a loader asks for (`messagesFor`). */
export type Namespace = keyof Catalogue;

/** Every message's key, "namespace.key" ("shell.search"): what `t` takes. */
export type MessageKey = { [N in Namespace]: `${N}.${keyof Catalogue[N] & string}` }[Namespace];
