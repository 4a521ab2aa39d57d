import { computed, signal } from '@preact/signals-core';
import { effectiveConsent, needsChoice, type Category } from '../consent-gate/categories';
import { site } from './site';

/** The stored consent string as last read or written (null: nothing stored). */
export const storedConsent = signal<string | null>(null);

/** Categories allowed now (cookies by consent: defaults, stored choice, app webviews). */
export const allowedCategories = computed<Set<Category>>(() =>
  effectiveConsent({
    stored: storedConsent.value,
    level: site.value.cookiePolicyLevel,
    inApp: site.value.app !== 'web',
  }),
);

/** True while the banner must ask. */
export const consentPending = computed(() =>
  needsChoice({ stored: storedConsent.value, inApp: site.value.app !== 'web' }),
);
