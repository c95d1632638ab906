/**
 * The Hindi phrasebook (app/i18n/phrases.ts; docs/decisions/0890): each English sentence the
 * store's rules and Store API make — form errors, toasts, delivery and stock sentences — with its
 * Hindi, by the page group that shows it. A page's loader sends the groups it needs
 * (`phrasesFor`); the root loader words the flash toast with every group. tests/unit/i18n-phrases
 * .test.ts checks that every sentence the message tables hold (ACCOUNT_MESSAGES, ORDER_MESSAGES, …)
 * has its Hindi here with the same placeholders, so a new English sentence without Hindi fails.
 * `{name}` stands for a part the sentence is made with (a PIN code, a watch's name, a label).
 */
export const hiPhrases = {
  /** Log in, sign up, passwords, the session (app/schemas/account-rules.ts, api-constants.ts, password-reset-rules.ts). */
  account: {
    "Please enter your name.": "कृपया अपना नाम लिखें।",
    "Your name must be at most 100 characters.": "आपका नाम ज़्यादा से ज़्यादा 100 अक्षरों का हो सकता है।",
    "Please enter your email.": "कृपया अपना ईमेल लिखें।",
    "Please enter a valid email address.": "कृपया सही ईमेल पता लिखें।",
    "Please enter your password.": "कृपया अपना पासवर्ड लिखें।",
    "Your password must be at least 12 characters.": "आपका पासवर्ड कम से कम 12 अक्षरों का होना चाहिए।",
    "Your password must be at most 128 characters.": "आपका पासवर्ड ज़्यादा से ज़्यादा 128 अक्षरों का हो सकता है।",
    "Invalid email or password.": "ईमेल या पासवर्ड गलत है।",
    "This password is too common. Please choose another.": "यह पासवर्ड बहुत आम है। कृपया कोई दूसरा चुनें।",
    "An account with this email already exists. Please log in.": "इस ईमेल से एक खाता पहले से है। कृपया लॉग इन करें।",
    "Please log in to continue.": "आगे बढ़ने के लिए कृपया लॉग इन करें।",
    "Your session has expired. Please log in again.": "आपका सेशन खत्म हो गया है। कृपया फिर से लॉग इन करें।",
    "Too many attempts. Please wait a minute and try again.": "बहुत ज़्यादा कोशिशें हुईं। कृपया एक मिनट रुककर फिर कोशिश करें।",
    "Logged out.": "आप लॉग आउट हो गए।",
    "We could not create your account. Please try again.": "हम आपका खाता नहीं बना सके। कृपया फिर कोशिश करें।",
    "This request came from another site and was refused.": "यह अनुरोध किसी दूसरी साइट से आया था, इसलिए मना कर दिया गया।",
    "Your name": "आपके नाम",
    "{label} must not contain control characters.": "{label} में कंट्रोल कैरेक्टर नहीं हो सकते।",
    "Please type your new password again.": "कृपया अपना नया पासवर्ड फिर से लिखें।",
    "The two passwords don't match. Please type the same new password twice.": "दोनों पासवर्ड अलग हैं। कृपया वही नया पासवर्ड दोनों बार लिखें।",
    "Please enter your current password.": "कृपया अपना मौजूदा पासवर्ड लिखें।",
    "That is not your current password.": "यह आपका मौजूदा पासवर्ड नहीं है।",
    "Your new password must be different from your current one.": "आपका नया पासवर्ड मौजूदा पासवर्ड से अलग होना चाहिए।",
    "If an account uses that email address, we've sent it a link to choose a new password. The link works once, for one hour. If nothing arrives in a few minutes, check your spam folder or ask for a new link.":
      "अगर इस ईमेल पते से कोई खाता है, तो हमने उस पर नया पासवर्ड चुनने का लिंक भेज दिया है। लिंक एक ही बार, एक घंटे तक काम करता है। कुछ मिनट में कुछ न आए, तो स्पैम फ़ोल्डर देखें या नया लिंक मँगाएँ।",
    "This link to choose a new password doesn't work. Please ask for a new one.": "नया पासवर्ड चुनने का यह लिंक काम नहीं करता। कृपया नया लिंक मँगाएँ।",
    "This link has already been used to choose a new password. Each link works only once. Please ask for a new one if you need it.":
      "इस लिंक से पहले ही नया पासवर्ड चुना जा चुका है। हर लिंक एक ही बार काम करता है। ज़रूरत हो तो कृपया नया लिंक मँगाएँ।",
    "This link has expired: links to choose a new password work for one hour. Please ask for a new one.":
      "इस लिंक की समय-सीमा खत्म हो गई है: नया पासवर्ड चुनने के लिंक एक घंटे तक काम करते हैं। कृपया नया लिंक मँगाएँ।",
    "A newer link was sent after this one, so this one no longer works. Please use the newest email, or ask for a new link.":
      "इसके बाद एक नया लिंक भेजा गया था, इसलिए यह अब काम नहीं करता। कृपया सबसे नया ईमेल इस्तेमाल करें या नया लिंक मँगाएँ।",
    "This link stopped working because the account's password was changed since. Please ask for a new one if you need it.":
      "यह लिंक अब काम नहीं करता, क्योंकि उसके बाद खाते का पासवर्ड बदल दिया गया। ज़रूरत हो तो कृपया नया लिंक मँगाएँ।",
    "Your new password is saved and you are signed in. Every other device was signed out.": "आपका नया पासवर्ड सेव हो गया और आप साइन इन हैं। बाकी सभी डिवाइस से साइन आउट कर दिया गया।",
    "Your password is changed. Your other devices were signed out.": "आपका पासवर्ड बदल गया। आपके बाकी डिवाइस से साइन आउट कर दिया गया।",
    "You are signed out everywhere, on this device too. Please log in again.": "आप हर जगह से साइन आउट हो गए हैं, इस डिवाइस से भी। कृपया फिर से लॉग इन करें।",
    "Passwords can't be reset on this store's pages. Please write to us and we'll help you back into your account.":
      "इस स्टोर के पेजों पर पासवर्ड रीसेट नहीं हो सकता। कृपया हमें लिखें, हम आपके खाते में वापस आने में मदद करेंगे।",
  },
  /** The delivery address and PIN codes (app/schemas/checkout-rules.ts, delivery.ts; saved addresses). */
  address: {
    "Please enter your first name.": "कृपया अपना पहला नाम लिखें।",
    "Please enter your last name.": "कृपया अपना उपनाम लिखें।",
    "Please enter your street address.": "कृपया अपना पता (मकान, गली) लिखें।",
    "Please enter your city.": "कृपया अपना शहर लिखें।",
    "Please choose your state or union territory.": "कृपया अपना राज्य या केंद्र शासित प्रदेश चुनें।",
    "Please enter your PIN code.": "कृपया अपना पिन कोड लिखें।",
    "Please enter a valid 6-digit PIN code.": "कृपया सही 6 अंकों का पिन कोड लिखें।",
    "We deliver within India only.": "हम सिर्फ़ भारत में डिलीवरी करते हैं।",
    "Please enter your mobile number.": "कृपया अपना मोबाइल नंबर लिखें।",
    "Please enter a valid 10-digit mobile number.": "कृपया सही 10 अंकों का मोबाइल नंबर लिखें।",
    "This is too long.": "यह बहुत लंबा है।",
    "Your first name": "आपके पहले नाम",
    "Your last name": "आपके उपनाम",
    "The street address": "पते",
    "The city": "शहर के नाम",
    "This PIN code doesn't exist. Please check it.": "यह पिन कोड मौजूद नहीं है। कृपया इसे जाँचें।",
    "We don't deliver to {pin} yet": "हम अभी {pin} पर डिलीवरी नहीं करते",
    "Cash on delivery available": "कैश ऑन डिलीवरी उपलब्ध है",
    "Cash on delivery isn't available for this PIN code": "इस पिन कोड पर कैश ऑन डिलीवरी उपलब्ध नहीं है",
    "Cash on delivery is available on orders up to {limit}": "कैश ऑन डिलीवरी {limit} तक के ऑर्डर पर उपलब्ध है",
    "Cash on delivery isn't available at the moment": "कैश ऑन डिलीवरी अभी उपलब्ध नहीं है",
    "This PIN code is in {state}. Please check the state or the PIN code.": "यह पिन कोड {state} में है। कृपया राज्य या पिन कोड जाँचें।",
    "We couldn't find the saved address you chose. Please choose another one or enter a new address.":
      "आपका चुना हुआ सेव किया पता हमें नहीं मिला। कृपया कोई दूसरा चुनें या नया पता लिखें।",
    "The address you chose (PIN code {pin}): {message}": "आपका चुना हुआ पता (पिन कोड {pin}): {message}",
    "We couldn't find that address.": "वह पता हमें नहीं मिला।",
    "You can keep up to {count} addresses. Please delete one you no longer use first.": "आप ज़्यादा से ज़्यादा {count} पते रख सकते हैं। कृपया पहले कोई ऐसा पता हटाएँ जो अब इस्तेमाल नहीं होता।",
    "Please check the address.": "कृपया पता जाँचें।",
  },
  /** Placing and paying an order (app/schemas/order-constants.ts, SPEC.md §8). */
  order: {
    "Stripe payments are currently unavailable": "Stripe से भुगतान अभी उपलब्ध नहीं है",
    "Razorpay payments are currently unavailable": "Razorpay से भुगतान अभी उपलब्ध नहीं है",
    "Please select a valid payment method": "कृपया भुगतान का सही तरीका चुनें",
    "Failed to initialize payment gateway": "पेमेंट गेटवे शुरू नहीं हो सका",
    "Payment gateway not initialized. Please try again.": "पेमेंट गेटवे शुरू नहीं हुआ। कृपया फिर कोशिश करें।",
    "Payment failed. Please try again.": "भुगतान नहीं हो सका। कृपया फिर कोशिश करें।",
    "Payment verification failed. Please contact support.": "भुगतान की पुष्टि नहीं हो सकी। कृपया सहायता टीम से संपर्क करें।",
    "Payment successful! Verifying...": "भुगतान हो गया! पुष्टि की जा रही है...",
    "Payment verified successfully!": "भुगतान की पुष्टि हो गई!",
    "Order placed successfully!": "ऑर्डर सफलतापूर्वक हो गया!",
    "Your cart is empty.": "आपका कार्ट खाली है।",
    "Please send the items of your order.": "कृपया अपने ऑर्डर के आइटम भेजें।",
    "Some items of this order are not in your cart. Please review your cart and try again.": "इस ऑर्डर के कुछ आइटम आपके कार्ट में नहीं हैं। कृपया अपना कार्ट देखकर फिर कोशिश करें।",
    "Your cart has changed since you opened checkout. Please review it and place the order again.":
      "चेकआउट खोलने के बाद आपका कार्ट बदल गया है। कृपया उसे देखकर फिर से ऑर्डर करें।",
    "We couldn't find that order.": "वह ऑर्डर हमें नहीं मिला।",
    "Please send a valid order id.": "कृपया सही ऑर्डर आईडी भेजें।",
    "This order has already been paid.": "इस ऑर्डर का भुगतान पहले ही हो चुका है।",
    "This order is not paid online.": "इस ऑर्डर का भुगतान ऑनलाइन नहीं होता।",
    "We have not received the payment for this order yet.": "इस ऑर्डर का भुगतान हमें अभी तक नहीं मिला है।",
    "The payment gateway did not answer in time. Please try again.": "पेमेंट गेटवे ने समय पर जवाब नहीं दिया। कृपया फिर कोशिश करें।",
    "The payment gateway is unavailable right now. Please try again in a moment.": "पेमेंट गेटवे अभी उपलब्ध नहीं है। कृपया थोड़ी देर में फिर कोशिश करें।",
    "This order has already been paid another way. Please check My Orders.": "इस ऑर्डर का भुगतान किसी और तरीके से हो चुका है। कृपया मेरे ऑर्डर देखें।",
    "You have started too many unpaid orders in the last hour. Please complete one of them or try again later.":
      "पिछले एक घंटे में आपने बहुत सारे बिना भुगतान वाले ऑर्डर शुरू किए हैं। कृपया उनमें से कोई एक पूरा करें या बाद में कोशिश करें।",
    "Test payment": "टेस्ट भुगतान",
    "You can place up to 10 cash-on-delivery orders an hour. Please try again later, or pay online.":
      "आप एक घंटे में ज़्यादा से ज़्यादा 10 कैश ऑन डिलीवरी ऑर्डर कर सकते हैं। कृपया बाद में कोशिश करें या ऑनलाइन भुगतान करें।",
    "Orders from one account can go to at most 3 different addresses or mobile numbers in an hour. Please try again later.":
      "एक खाते के ऑर्डर एक घंटे में ज़्यादा से ज़्यादा 3 अलग पतों या मोबाइल नंबरों पर जा सकते हैं। कृपया बाद में कोशिश करें।",
  },
  /** The cart, stock and the wishlist (app/schemas/api-constants.ts, app/lib/stock.ts, app/lib/wishlist.ts). */
  cart: {
    "Please choose a product.": "कृपया कोई प्रोडक्ट चुनें।",
    "Please select a size": "कृपया साइज़ चुनें",
    "Please select a colour.": "कृपया रंग चुनें।",
    "This watch is not in our catalogue.": "यह घड़ी हमारे कैटलॉग में नहीं है।",
    "Quantity must be a whole number from 0 to 99.": "मात्रा 0 से 99 तक की पूरी संख्या होनी चाहिए।",
    "You can have at most 99 of one watch in your cart.": "आपके कार्ट में एक घड़ी ज़्यादा से ज़्यादा 99 हो सकती हैं।",
    "Item added to cart!": "आइटम कार्ट में जुड़ गया!",
    "Cart updated.": "कार्ट अपडेट हो गया।",
    "Please Login with Account": "कृपया अपने खाते से लॉग इन करें",
    "Sorry, this watch is out of stock.": "माफ़ कीजिए, यह घड़ी स्टॉक में नहीं है।",
    "Sorry, {colour} is out of stock. Choose another colour.": "माफ़ कीजिए, {colour} स्टॉक में नहीं है। कोई दूसरा रंग चुनें।",
    "This watch is out of stock, so it can't be added to a cart now.": "यह घड़ी स्टॉक में नहीं है, इसलिए अभी इसे कार्ट में नहीं जोड़ा जा सकता।",
    "{name} is out of stock. Remove it from your cart to place your order.": "{name} स्टॉक में नहीं है। ऑर्डर करने के लिए इसे अपने कार्ट से हटाएँ।",
    "Only 1 of {name} is left. Lower the quantity to place your order.": "{name} सिर्फ़ 1 बची है। ऑर्डर करने के लिए मात्रा कम करें।",
    "Only {left} of {name} are left. Lower the quantity to place your order.": "{name} सिर्फ़ {left} बची हैं। ऑर्डर करने के लिए मात्रा कम करें।",
    "Saved to your wishlist.": "आपकी विशलिस्ट में सेव हो गई।",
    "Removed from your wishlist.": "आपकी विशलिस्ट से हटा दी गई।",
    "Your wishlist is full: it keeps up to {count} watches. Remove one to save another.": "आपकी विशलिस्ट भर गई है: इसमें ज़्यादा से ज़्यादा {count} घड़ियाँ रहती हैं। दूसरी सेव करने के लिए एक हटाएँ।",
    "Sorry, we couldn't find that watch. It may have been removed from the store.": "माफ़ कीजिए, वह घड़ी हमें नहीं मिली। शायद उसे स्टोर से हटा दिया गया है।",
    "Please log in to save watches to your wishlist.": "घड़ियाँ अपनी विशलिस्ट में सेव करने के लिए कृपया लॉग इन करें।",
    "Moved to your cart.": "आपके कार्ट में चली गई।",
    "{name}: Moved to your cart.": "{name}: आपके कार्ट में चली गई।",
    "Choose a colour, then ADD TO CART.": "रंग चुनें, फिर कार्ट में जोड़ें।",
    "Add to wishlist": "विशलिस्ट में जोड़ें",
    "Saved to wishlist": "विशलिस्ट में सेव है",
    "Price dropped since you saved it": "सेव करने के बाद दाम घटा है",
  },
} as const;

/** The groups of the phrasebook: what a page's loader asks for. */
export type PhraseGroup = keyof typeof hiPhrases;
