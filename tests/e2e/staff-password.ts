/**
 * The seeded staff account of the browser tests' own server (never a real secret): playwright.config.ts sets it, staff
 * tests sign in with it.
 */
export const E2E_STAFF_EMAIL = 'staff@mistore.localhost';
export const E2E_STAFF_PASSWORD = 'e2e-staff-password-not-a-secret';
