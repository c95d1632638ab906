import type { Catalogue } from "./en.server";

/**
 * The Hindi catalogue (issue 27 item 2; docs/decisions/0850): the English catalogue's keys, in
 * Hindi. Navigation words people say in English in India (HOME, COLLECTION) are translated, brand
 * names stay as their owners write them. Plural forms follow Hindi's rules (Intl.PluralRules "hi":
 * "one" for 0 and 1).
 */
export const hi: Catalogue = {
  shell: {
    skipToContent: "मुख्य सामग्री पर जाएँ",
    freeShipping: "पूरे भारत में सभी ऑर्डर पर मुफ़्त डिलीवरी",
    logIn: "लॉग इन करें",
    accountMenu: "खाता मेन्यू",
    helloUser: "नमस्ते",
    myProfile: "मेरी प्रोफ़ाइल",
    myOrders: "मेरे ऑर्डर",
    backOffice: "बैक ऑफ़िस",
    myWishlist: { one: "मेरी विशलिस्ट ({count} घड़ी)", other: "मेरी विशलिस्ट ({count} घड़ियाँ)" },
    logout: "लॉग आउट",
    logInSignUp: "लॉग इन / साइन अप",
    menu: "मेन्यू",
    mainNavigation: "मुख्य",
    search: "खोजें",
    cart: "कार्ट",
    cartBefore: "कार्ट, ",
    cartItemsAfter: { one: " आइटम", other: " आइटम" },
    languageSwitch: "भाषा",
    footerTagline: "दुनिया के सबसे पसंदीदा ब्रांड की असली घड़ियाँ, पूरे भारत में मुफ़्त डिलीवरी के साथ।",
    shareFeedback: "अपनी राय दें",
    opensInNewTab: "(नए टैब में खुलता है)",
    company: "कंपनी",
    policies: "नीतियाँ",
    allRightsReserved: "© {year} {storeName}. सर्वाधिकार सुरक्षित।",
  },
  nav: {
    home: "होम",
    collection: "कलेक्शन",
    viewAll: "सभी घड़ियाँ देखें",
    newArrivals: "नई घड़ियाँ",
    about: "हमारे बारे में",
    contact: "संपर्क",
    luxury: "लग्ज़री घड़ियाँ",
    sport: "स्पोर्ट्स घड़ियाँ",
    smart: "स्मार्ट घड़ियाँ",
    classic: "क्लासिक घड़ियाँ",
    limited: "लिमिटेड एडिशन",
    footerHome: "होम",
    footerAbout: "हमारे बारे में",
    footerDelivery: "डिलीवरी",
    footerPrivacy: "गोपनीयता नीति",
    footerContact: "संपर्क",
    footerGrievances: "शिकायतें",
    refundPolicy: "रिफ़ंड नीति",
    returnPolicy: "वापसी नीति",
    shippingPolicy: "शिपिंग नीति",
    paymentPolicy: "भुगतान नीति",
    warrantyPolicy: "वारंटी नीति",
    terms: "नियम और शर्तें",
    privacyPolicy: "गोपनीयता नीति",
    faqs: "अक्सर पूछे जाने वाले प्रश्न",
  },
};
