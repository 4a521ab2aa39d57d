/**
 * The errno catalogue of the API (§7/§8): 0 success, 20001 not signed in, the rest grouped by the first digits.
 * One place for every code so clients and tests read the same numbers.
 */
export const Errno = {
  OK: 0,
  NOT_LOGGED_IN: 20001,
  WRONG_CREDENTIALS: 21001,
  EMAIL_TAKEN: 21002,
  TOO_MANY_ATTEMPTS: 21003,
  LINK_INVALID: 21004,
  PURCHASE_LIMIT: 30001,
  NOT_ON_SALE: 30002,
  OUT_OF_STOCK: 30003,
  UNKNOWN_COMMODITY: 30004,
  NOT_IN_CART: 30005,
  CART_FULL: 30006,
  ADDRESS_LIMIT: 31001,
  ADDRESS_CHANGE_USED: 31002,
  UNPAID_ORDER_EXISTS: 32001,
  ORDER_AMOUNT_MAX: 32002,
  NOTHING_TO_ORDER: 32003,
  LINES_NOT_AVAILABLE: 32004,
  AGREEMENT_REQUIRED: 32005,
  INVOICE_INVALID: 32006,
  ORDER_NOT_PAYABLE: 32007,
  PAYMENT_FAILED: 33001,
  CARD_INVALID: 33002,
  OTP_WRONG: 33003,
  OTP_SEND_FAILED: 33004,
  SAVED_CARDS_MAX: 33005,
  COUPON_UNKNOWN: 34001,
  COUPON_SOLD_OUT: 34002,
  COUPON_LIMIT: 34003,
  COUPON_UNAVAILABLE: 34004,
  COUPON_EXPIRED: 34005,
  COUPON_NOT_APPLICABLE: 34006,
  POINTS_NOT_ENOUGH: 35001,
  POINTS_BELOW_MINIMUM: 35002,
  POINTS_OVER_SHARE: 35003,
  FCODE_REQUIRED: 36001,
  FCODE_UNKNOWN: 36002,
  FCODE_TAKEN: 36003,
  FCODE_EXPIRED: 36004,
  MALFORMED_REQUEST: 40000,
  INVALID_PARAM: 40001,
  INVALID_CALLBACK: 40003,
  INVALID_EMAIL: 40004,
  BAD_ORIGIN: 40301,
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
  INTERNAL: 50000,
  SERVICE_UNAVAILABLE: 50300,
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
