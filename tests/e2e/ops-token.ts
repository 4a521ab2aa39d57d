/**
 * The operator token of the browser tests' own server (never a real secret): playwright.config.ts sets it, the tests
 * send it.
 */
export const E2E_OPS_TOKEN = 'e2e-operator-token-not-a-secret-0001';
