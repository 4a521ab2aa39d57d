/** errno of a network failure or timeout. */
export const NETWORK_ERRNO = -1;
/** Codes meaning "not logged in". */
export const NOT_LOGGED_IN = [20001, 20006] as const;

/** Every failure of the request layer rejects with this: errno 0 never appears here. */
export class RequestError extends Error {
  readonly errno: number;
  readonly errmsg: string;
  readonly status: number;
  readonly data: unknown;
  constructor(errno: number, errmsg: string, status = 0, data: unknown = undefined) {
    super(errmsg || `errno ${errno}`);
    this.name = 'RequestError';
    this.errno = errno;
    this.errmsg = errmsg;
    this.status = status;
    this.data = data;
  }
  get isNetworkError(): boolean {
    return this.errno === NETWORK_ERRNO;
  }
  get isNotLoggedIn(): boolean {
    return (NOT_LOGGED_IN as readonly number[]).includes(this.errno);
  }
}

/** The toast text for automatic toasts. */
export function networkErrorText(errno: number): string {
  return `Network error, errorCode = ${errno}`;
}
