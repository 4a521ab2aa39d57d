/**
 * The errno catalogue of the API (the envelope's errno): 0 success, 20001 not signed in, the rest grouped by the first
 * digits. One place for every code so clients and tests read the same numbers.
 */
export const Errno = {
  OK: 0,
  NOT_LOGGED_IN: 20001,
  WRONG_CREDENTIALS: 21001,
  EMAIL_TAKEN: 21002,
  TOO_MANY_ATTEMPTS: 21003,
  LINK_INVALID: 21004,
  /**
   * An attacked account, a browser it does not know: if the password was right, a sign-in link went to the owner's
   * mail.
   */
  CONFIRM_BY_MAIL: 21005,
  PURCHASE_LIMIT: 30001,
  NOT_ON_SALE: 30002,
  OUT_OF_STOCK: 30003,
  UNKNOWN_COMMODITY: 30004,
  NOT_IN_CART: 30005,
  CART_FULL: 30006,
  /**
   * Inventory: the stock is no longer the value the operator saw (another operator or a sale moved it); data.stock is
   * the value now.
   */
  STOCK_CHANGED: 30101,
  /** Inventory: the change would leave the stock below zero. */
  STOCK_NEGATIVE: 30102,
  ADDRESS_LIMIT: 31001,
  ADDRESS_CHANGE_USED: 31002,
  UNPAID_ORDER_EXISTS: 32001,
  ORDER_AMOUNT_MAX: 32002,
  NOTHING_TO_ORDER: 32003,
  LINES_NOT_AVAILABLE: 32004,
  AGREEMENT_REQUIRED: 32005,
  INVOICE_INVALID: 32006,
  ORDER_NOT_PAYABLE: 32007,
  // Orders in review (risk rules, staff clear or reject).
  /** The order is in review (a risk rule fired): it cannot be paid until staff clear it. */
  ORDER_IN_REVIEW: 32008,
  /** An order of the shopper is in review: a new order waits until staff decide on it. */
  IN_REVIEW_ORDER_EXISTS: 32009,
  /** Staff: the order is not (or no longer) in review; someone decided on it already. */
  REVIEW_DECIDED: 32010,
  /** Staff: the shopper has another unpaid order, so this one cannot be cleared to unpaid now. */
  REVIEW_UNPAID_EXISTS: 32011,
  PAYMENT_FAILED: 33001,
  CARD_INVALID: 33002,
  OTP_WRONG: 33003,
  OTP_SEND_FAILED: 33004,
  SAVED_CARDS_MAX: 33005,
  /** A payment of the order is with its provider and not answered yet: the result follows without paying again. */
  PAYMENT_IN_FLIGHT: 33006,
  /** Staff acted on a refund whose state does not allow it (not refused by its provider, or already paid back). */
  REFUND_STATE: 33007,
  COUPON_UNKNOWN: 34001,
  COUPON_SOLD_OUT: 34002,
  COUPON_LIMIT: 34003,
  COUPON_UNAVAILABLE: 34004,
  COUPON_EXPIRED: 34005,
  COUPON_NOT_APPLICABLE: 34006,
  /** The coupon's window has not opened yet (the database clock decides). */
  COUPON_NOT_STARTED: 34007,
  POINTS_NOT_ENOUGH: 35001,
  POINTS_BELOW_MINIMUM: 35002,
  POINTS_OVER_SHARE: 35003,
  FCODE_REQUIRED: 36001,
  FCODE_UNKNOWN: 36002,
  FCODE_TAKEN: 36003,
  FCODE_EXPIRED: 36004,
  /** Trade-in and exchange. */
  TRADEIN_MODEL_NOT_FOUND: 37001,
  TRADEIN_STORAGE_UNKNOWN: 37002,
  TRADEIN_ANSWERS_INCOMPLETE: 37003,
  TRADEIN_IMEI_INVALID: 37004,
  TRADEIN_IMEI_IN_USE: 37005,
  TRADEIN_NOT_FOUND: 37006,
  TRADEIN_REDEEMED: 37007,
  TRADEIN_NOT_CANCELLABLE: 37008,
  TRADEIN_UNAVAILABLE: 37009,
  TRADEIN_NOT_APPLICABLE: 37010,
  TRADEIN_NOT_OFFERED: 37011,
  SERVICE_REQUEST_OPEN: 42001,
  SERVICE_REQUEST_STATE: 42002,
  UPLOAD_REFUSED: 42003,
  /** Reviews. */
  REVIEW_INVALID: 43001,
  REVIEW_NOT_BOUGHT: 43002,
  REVIEW_ALREADY_POSTED: 43003,
  REVIEW_NOT_FOUND: 43004,
  REVIEW_PHOTOS_REFUSED: 43005,
  REVIEW_ADDITION_EXISTS: 43006,
  REVIEW_STATE: 43007,
  // Enterprise (business) accounts: 44001–44049.
  BUSINESS_INVALID: 44001,
  BUSINESS_ALREADY_LIVE: 44002,
  BUSINESS_NOT_FOUND: 44003,
  BUSINESS_STATE: 44004,
  BUSINESS_DOCUMENTS: 44005,
  /** Service appointments, tickets and grievances. */
  SERVICE_CENTRE_NOT_FOUND: 41001,
  SERVICE_NOT_AVAILABLE: 41002,
  CANNOT_BOOK_APPOINTMENT: 41003,
  APPOINTMENT_SLOT_FULL: 41004,
  APPOINTMENT_ALREADY_BOOKED: 41005,
  APPOINTMENT_NOT_FOUND: 41006,
  APPOINTMENT_CHANGE_CLOSED: 41007,
  APPOINTMENT_STATE: 41008,
  SUPPORT_FORM_INVALID: 41020,
  TICKET_NOT_FOUND: 41021,
  TICKET_STATE: 41022,
  GIFT_CARD_UNUSABLE: 39001,
  GIFT_CARD_LIMIT: 39002,
  PRESALE_ALONE: 39101,
  PRESALE_NO_DISCOUNTS: 39102,
  PRESALE_WINDOW: 39103,
  PRESALE_NOT_PAYABLE: 39104,
  /** Instalments and pay later. */
  INSTALMENT_PLAN_UNKNOWN: 38001,
  INSTALMENT_NOT_ELIGIBLE: 38002,
  INSTALMENT_BANK_NOT_ELIGIBLE: 38003,
  DEBIT_EMI_NOT_ELIGIBLE: 38004,
  BFL_CARD_INVALID: 38005,
  BNPL_NOT_ELIGIBLE: 38006,
  BNPL_CALLBACK_INVALID: 38007,
  /** Business cart, checkout and split payment: 44050–44099. */
  COMPANY_ACCOUNT_REQUIRED: 44050,
  COMPANY_ACCOUNT_PENDING: 44051,
  COMPANY_ACCOUNT_REJECTED: 44052,
  COMPANY_ACCOUNT_EXPIRED: 44053,
  COMPANY_INVOICE_REQUIRED: 44054,
  SPLIT_PAYMENT_REQUIRED: 44060,
  SPLIT_PART_INVALID: 44061,
  SPLIT_PART_OVER_REMAINING: 44062,
  SPLIT_NOT_COMPANY: 44063,
  SPLIT_IN_PROGRESS: 44064,
  /** Fulfilment after payment (processing, shipments, deliveries): 45001–45049. */
  ORDER_NOT_PAID: 45001,
  ORDER_CANCELLED: 45002,
  ORDER_STEP_STATE: 45003,
  CARRIER_NOT_IN_COUNTRY: 45004,
  SHIPMENT_LINE_UNKNOWN: 45005,
  SHIPMENT_OVER_QUANTITY: 45006,
  SHIPMENT_REFERENCE_REUSED: 45007,
  SHIPMENT_NOT_FOUND: 45008,
  /** Refunds and cancellation after payment: 45050–45099. */
  /** Something of the order has shipped: it is returned, not cancelled. */
  ORDER_SHIPPED: 45050,
  /** A gift card the order bought has been spent from: the order cannot be cancelled. */
  CANCEL_GIFT_CARD_USED: 45052,
  /** A pre-order's deposit or final payment: settled by the pre-sale rules or by staff, not by one click. */
  CANCEL_PRESALE: 45053,
  /** More than is still refundable (data.refundable says how much is). */
  REFUND_OVER_REFUNDABLE: 45054,
  REFUND_NOTHING_LEFT: 45055,
  /** The order was never paid: nothing to refund. */
  REFUND_NOT_PAID: 45056,
  /** Not a positive whole amount in the order's currency. */
  REFUND_INVALID: 45057,
  /** Webhooks: endpoints and their deliveries (45150–45199). */
  WEBHOOK_URL_INVALID: 45150,
  WEBHOOK_ENDPOINTS_FULL: 45151,
  WEBHOOK_ENDPOINT_NOT_FOUND: 45152,
  WEBHOOK_DELIVERY_NOT_FOUND: 45153,
  WEBHOOK_DELIVERY_IN_FLIGHT: 45154,
  MALFORMED_REQUEST: 40000,
  INVALID_PARAM: 40001,
  INVALID_CALLBACK: 40003,
  INVALID_EMAIL: 40004,
  BAD_ORIGIN: 40301,
  STAFF_ONLY: 40302,
  /** The release console: release managers only (support staff and shoppers are refused). */
  RELEASE_MANAGER_ONLY: 40303,
  /**
   * A release console action that the state of the builds does not allow (a publish is scheduled, nothing to publish,
   * …).
   */
  RELEASE_STATE: 40910,
  NOT_FOUND: 40400,
  METHOD_NOT_ALLOWED: 40500,
  REQUEST_TIMEOUT: 40800,
  IDEMPOTENCY_KEY_REUSED: 40901,
  IDEMPOTENCY_IN_PROGRESS: 40902,
  PAYLOAD_TOO_LARGE: 41300,
  URI_TOO_LONG: 41400,
  UNSUPPORTED_MEDIA_TYPE: 41500,
  RATE_LIMITED: 42900,
  HEADERS_TOO_LARGE: 43100,
  // Payment methods per country (46000–46049).
  /** A payment was started by a method the order may not use here (country, amount, products, device). */
  PAYMENT_METHOD_NOT_OFFERED: 46000,
  /** The order's payment methods were asked for an order that is no longer unpaid. */
  PAYMENT_NOT_PAYABLE: 46001,
  // Browser and app wallets (46300–46349).
  /** The browser wallet's payment token was refused (forged, used before, too old, or for another amount). */
  WALLET_TOKEN_FAILED: 46300,
  // Returns (after-sales requests of kind 'return'): 45100–45149.
  /** A return names lines of an order that is not the shopper's, not delivered, or a gift card / deposit. */
  RETURN_NOT_RETURNABLE: 45100,
  /** The return window (days from delivery, per country) is over; data.deadline says when it ended. */
  RETURN_WINDOW_OVER: 45101,
  /** More units than were delivered and not yet returned or asked back; data.lines lists what is left. */
  RETURN_QUANTITY: 45102,
  /** A reason the country does not offer, or photos missing. */
  RETURN_INVALID: 45103,
  /** A return is asked for through its own form (lines and quantities), not the repair form. */
  RETURN_USE_RETURN_FORM: 45104,
  /** A staff step the return's state does not allow (pick-up before scheduling, accepting twice, …). */
  RETURN_STATE: 45105,
  /** A pick-up date outside today … the pick-up promise. */
  RETURN_PICKUP_DATE: 45106,
  /** Carrier or tracking number malformed, or a refusal without its reason. */
  RETURN_SHIP_BACK_INVALID: 45107,
  INTERNAL: 50000,
  SERVICE_UNAVAILABLE: 50300,
  // Invoices and credit notes (45200–45249).
  DOCUMENT_NOT_FOUND: 45200,
  DOCUMENT_FILTER_INVALID: 45201,
  // Async payments: e-wallets by redirect, QRIS by QR, their provider webhooks (46050–46099).
  /** A webhook whose signature does not verify, whose timestamp is outside the window, or that is malformed. */
  ASYNC_WEBHOOK_REFUSED: 46050,
  /** The webhook names a payment its provider does not know. */
  ASYNC_WEBHOOK_UNKNOWN_PAYMENT: 46051,
  /** The provider did not answer the start of a payment: try again. */
  ASYNC_START_FAILED: 46052,
  // UPI (46100–46149).
  /** The UPI ID breaks the UPI ID rule (name@handle); nothing is sent to the provider. */
  UPI_ID_INVALID: 46100,
  /** The provider could not verify the UPI ID now ("get token failed"): try again or pay by QR. */
  UPI_ID_UNVERIFIED: 46101,
  /** The provider knows no account of that UPI ID. */
  UPI_ID_UNKNOWN: 46102,
  // Bank virtual accounts (46150–46199).
  /** The bank's account validation is down: no account was opened, nothing charged; choose another bank or method. */
  BANK_VALIDATION_UNAVAILABLE: 46150,
  // Cash on delivery (46250–46299).
  /** The shopper has the most cash-on-delivery orders on their way allowed (the open-COD limit). */
  COD_OPEN_LIMIT: 46250,
  /** A cash-on-delivery order that has left the warehouse is not cancelled: refuse it at the door or return it. */
  COD_SHIPPED: 46251,
  /** The order was not confirmed by cash on delivery. */
  COD_NOT_COD: 46252,
  /** The cash-on-delivery order is closed already: collected, refused or cancelled. */
  COD_CLOSED: 46253,
  // Profile and security (47000–47049).
  /** A profile field breaks its rule (nickname, phone in the country's format, birthday); data.fields names them. */
  PROFILE_INVALID: 47000,
  /** The birthday changed less than a year ago (editable once a year); data.next_change says when it may. */
  BIRTHDAY_LOCKED: 47001,
  /** The avatar is not a jpg, jpeg or png image under 10 MB that decodes; data.reason says which. */
  AVATAR_REFUSED: 47002,
  /** The current password given for a change of password or address is not the account's. */
  CURRENT_PASSWORD_WRONG: 47003,
  /** The new sign-in address belongs to another account (never says whose). */
  NEW_EMAIL_TAKEN: 47004,
  /** The address-change link is used, expired or unknown. */
  EMAIL_LINK_INVALID: 47005,
  /** No live session of this account has that id (another account's sessions are not found either). */
  SESSION_NOT_FOUND: 47006,
  // A shopper's data rights: the data archive and the deletion of the account (47050–47099).
  /** No such archive for this account (an unknown link, or another account's: the same answer). */
  DATA_EXPORT_NOT_FOUND: 47050,
  /** The archive's link has expired: ask for a new archive. */
  DATA_EXPORT_EXPIRED: 47051,
  /** The archive is still being made: a mail says when it is ready. */
  DATA_EXPORT_NOT_READY: 47052,
  /** The account asked for the most archives allowed in a day. */
  DATA_EXPORT_TOO_MANY: 47053,
  /** The password given to delete the account is wrong. */
  DELETION_WRONG_PASSWORD: 47060,
  /** Orders or service requests are still open: the account can be deleted once they are closed. */
  DELETION_OPEN_DEALINGS: 47061,
  /** The deletion link is unknown, used or expired. */
  DELETION_LINK_INVALID: 47062,
  /** Staff and release manager accounts are closed by the store, not deleted by their owner. */
  DELETION_NOT_SHOPPER: 47063,
  // The student programme: verification, the semester's student coupon, staff review (48000–48049).
  /** A field breaks its rule (the school address, the school name, a staff reason); data.fields names it. */
  STUDENT_INVALID: 48000,
  /** The address's domain is not on the country's list of school domains: verify by document instead. */
  STUDENT_DOMAIN_NOT_LISTED: 48001,
  /** The school address verified another account already (one school address, one account). */
  STUDENT_ADDRESS_TAKEN: 48002,
  /** The status is verified and not yet in its renewal window; data.renew_from says when it opens. */
  STUDENT_ALREADY_VERIFIED: 48003,
  /** A document is waiting for staff: no other verification until it is decided. */
  STUDENT_REQUEST_OPEN: 48004,
  /** The verification link is unknown, used, replaced or expired. */
  STUDENT_LINK_INVALID: 48005,
  /** The documents are missing, too many, or not the shopper's own unattached uploads. */
  STUDENT_DOCUMENTS: 48006,
  /** No valid student status in this country: the semester's coupon is for verified students. */
  STUDENT_NOT_VERIFIED: 48007,
  /** This storefront has no student offer (it sells nothing). */
  STUDENT_NO_OFFER: 48008,
  /** Staff: no verification of that id in this country. */
  STUDENT_NOT_FOUND: 48009,
  /** Staff: the verification is not waiting for a decision (decided already, or withdrawn). */
  STUDENT_STATE: 48010,
  /** The semester's student coupon is claimed already (one per verified student and semester). */
  STUDENT_COUPON_TAKEN: 48011,
  /** Too many links to that school address this hour: try again later. */
  STUDENT_MAIL_CAP: 48012,
  // Friend codes (48050–48099).
  /** The sign-up names a friend code nobody has (or whose owner's account is closed). */
  FRIEND_CODE_UNKNOWN: 48050,
  /** The friend-code programme does not run in this storefront's country. */
  FRIEND_CODE_NOT_OFFERED: 48051,
  // My devices and the warranty check (48100–48149).
  /** An IMEI (15 digits with its check digit) or serial number (8-20 letters and digits) is malformed. */
  DEVICE_NUMBER_INVALID: 48100,
  /** The device is held by another account (never said which). */
  DEVICE_HELD_ELSEWHERE: 48101,
  /** The device is already among this account's devices, or its registration already waits. */
  DEVICE_ALREADY_YOURS: 48102,
  /** The product is not one sold as numbered units (or not in the catalogue). */
  DEVICE_PRODUCT_NOT_SERIALISED: 48103,
  /** Too many registrations wait for staff, or the account holds the most devices it may. */
  DEVICE_LIMIT: 48104,
  /** The proof of purchase is missing, or a file is not the account's unattached upload. */
  DEVICE_PROOF: 48105,
  /** The purchase date is in the future or too long ago for a warranty. */
  DEVICE_PURCHASE_DATE: 48106,
  /** Staff: the registration was decided already (or withdrawn). */
  DEVICE_REVIEW_STATE: 48107,
  /** A shipment names units wrongly: numbers of a product sold by the piece, not one per unit, twice, malformed. */
  SHIPMENT_UNITS_INVALID: 48108,
  /** The device chosen for a repair is not a verified device the account holds in this storefront's country. */
  DEVICE_NOT_YOURS: 48109,
  // Device insurance: the plan in the cart, policies, claims and withdrawing the plan alone (48150–48199).
  /** This line cannot have the plan here: a category or country without it, a pre-order, or not on sale. */
  INSURANCE_NOT_OFFERED: 48150,
  /** No such policy of this account in this country (another account's reads the same). */
  INSURANCE_POLICY_NOT_FOUND: 48151,
  /** The policy does not cover now: not delivered yet, past its cover, withdrawn, returned or cancelled. */
  INSURANCE_NOT_COVERED: 48152,
  /** The policy has had its claims of a rolling year; data.claim_again_at says when the next one may be made. */
  INSURANCE_CLAIMS_USED: 48153,
  /** The day of the damage is before the cover started or in the future. */
  INSURANCE_INCIDENT_DATE: 48154,
  /** The IMEI is not the insured unit's (the shipment's, or the one its first claim named). */
  INSURANCE_IMEI_MISMATCH: 48155,
  /** The withdrawal period of the plan is over (data.withdraw_until). */
  INSURANCE_WITHDRAW_PERIOD_OVER: 48156,
  /** A plan a claim was made on is not withdrawn for a refund. */
  INSURANCE_WITHDRAW_CLAIMED: 48157,
  /** The plan cannot be withdrawn: its order is not paid, cancelled, or the policy has ended. */
  INSURANCE_NOT_WITHDRAWABLE: 48158,
  /** A claim is made on its policy with POST aftersales/claim, not with aftersales/apply. */
  INSURANCE_USE_CLAIM_FORM: 48159,
  // Stock and sale alerts: back-in-stock alerts and sale reminders (48250–48299).
  /** The storefront's country does not sell this version (no offer, or off sale): there is nothing to wait for. */
  ALERT_NOT_SOLD: 48250,
  /** The version is in stock: it can be ordered now, so no alert is kept. */
  ALERT_IN_STOCK: 48251,
  /** The account holds the most waiting alerts (or reminders) allowed; data.max says how many. */
  ALERT_LIMIT: 48252,
  /** No such sale in this storefront's country, or the coupon does not apply to the product. */
  ALERT_SALE_UNKNOWN: 48253,
  /** The sale has started (or was withdrawn): there is nothing left to remind of. */
  ALERT_SALE_STARTED: 48254,
  /** No alert or reminder of this account has that id (another account's are not found either). */
  ALERT_NOT_FOUND: 48255,
  // The lowest price of the last 30 days (48300–48349).
  /** More distinct commodities in one request of lowest prices than allowed (60). */
  LOWEST_PRICE_TOO_MANY: 48300,
  // Flash sales (49000–49049).
  /** No such flash sale in this storefront's country. */
  FLASH_UNKNOWN: 49000,
  /** The sale has not started: data.starts_at and data.server_time say when (answered without database work). */
  FLASH_NOT_STARTED: 49001,
  /** The sale has ended. */
  FLASH_ENDED: 49002,
  /** The commodity is not one of the sale's versions. */
  FLASH_NOT_IN_SALE: 49003,
  /** The limit per account, browser or client address is reached (another account took a place from here). */
  FLASH_LIMIT_REACHED: 49004,
  /** The sale is for holders of an F-code of the product. */
  FLASH_FCODE_REQUIRED: 49005,
  /** The sale is for Mi Club members of a level (data.min_club_level) or higher. */
  FLASH_CLUB_LEVEL_REQUIRED: 49006,
  /** The shopper has no place in this sale. */
  FLASH_NO_PLACE: 49007,
  /** Operators: a sale must start before it ends, and its versions must be the product's. */
  FLASH_SALE_INVALID: 49008,
  /** The ask was recorded but not yet ranked (the database far behind): ask again, the same place is kept. */
  FLASH_BUSY: 49009,
  /** More units asked for than the sale's limit per account (data.per_account_limit); no place is taken. */
  FLASH_QUANTITY_OVER_LIMIT: 49010,
  // First-party analytics: the collector (50001–50049).
  /** The batch breaks its schema (a field missing, of the wrong type or unknown) or is not JSON. */
  ANALYTICS_BATCH_INVALID: 50001,
  /** An event lacks what its kind needs (a search its query and results, a purchase its order, value and currency…). */
  ANALYTICS_EVENT_INVALID: 50002,
  /** The body is larger than a batch may be (ANALYTICS_MAX_BODY_BYTES); it is not read to its end. */
  ANALYTICS_BATCH_TOO_LARGE: 50003,
  /** More events than one batch may carry (ANALYTICS_MAX_EVENTS). */
  ANALYTICS_TOO_MANY_EVENTS: 50004,
  /** The body is neither JSON nor text/plain (what sendBeacon sends). */
  ANALYTICS_MEDIA_TYPE: 50005,
  /** The analytical cookie category is not allowed (by the batch or by the consent cookie): nothing is stored. */
  ANALYTICS_NO_CONSENT: 50006,
  /** The client address has sent all the events or bytes it may in the window: data.retry_in_seconds. */
  ANALYTICS_BUDGET_SPENT: 50007,
  // The release console's traffic and sales dashboard (50050–50099).
  /** A date of the period is not a calendar date written YYYY-MM-DD. */
  ANALYTICS_DATE_INVALID: 50050,
  /** The period ends before it starts. */
  ANALYTICS_PERIOD_REVERSED: 50051,
  /** The period is longer than the dashboard reads at once (data.max_days). */
  ANALYTICS_PERIOD_TOO_LONG: 50052,
  /** No storefront has that URL prefix. */
  ANALYTICS_STOREFRONT_UNKNOWN: 50053,
  /** The storefront is not one the release manager looks after (HTTP 403). */
  ANALYTICS_STOREFRONT_NOT_YOURS: 50054,
} as const;
export type ErrnoCode = (typeof Errno)[keyof typeof Errno];

/**
 * A client-facing failure: becomes the envelope `{data, errno, errmsg}` with `status` (200 for business errors).
 * `data` is null, or what the client needs to show the failure (the fields at fault, the lines that block).
 */
export class ApiError extends Error {
  constructor(
    readonly errno: ErrnoCode,
    message: string,
    readonly status = 200,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
