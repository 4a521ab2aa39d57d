import { CATEGORY, serializeConsent } from '../../consent-gate/categories';
import { allowedCategories } from '../../state/consent';
import { site } from '../../state/site';

/** Whether the analytical category is allowed now (stored choice, the level's default, or the app). */
export const analyticsAllowed = (): boolean => allowedCategories.value.has(CATEGORY.analytical);

/**
 * The batch's `consent` field: the preference the page acts on, in the stored prefix form ('0,1,2,3:'), or 'app'
 * inside the app, where every category counts as given. The collector checks it against the request's own cookie.
 */
export const consentField = (): string =>
  site.value.app === 'web' ? serializeConsent(allowedCategories.value) : 'app';
