/**
 * What an async provider's `start` throws for a bank transfer when the bank's account validation is down: no account
 * was opened, so nothing can be paid under the attempt (the store closes it and offers another bank or method).
 */
export class BankValidationUnavailable extends Error {
  constructor(readonly bank: string) {
    super(`bank account validation unavailable at ${bank}`);
    this.name = 'BankValidationUnavailable';
  }
}
