/** The seeded release manager of the browser tests' own server (never a real secret): playwright.config.ts sets it. */
export const E2E_RELEASE_MANAGER_EMAIL = 'releases@mistore.localhost';
export const E2E_RELEASE_MANAGER_PASSWORD = 'e2e-release-manager-password-not-a-secret';
