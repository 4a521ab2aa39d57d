import { CATEGORY } from '../../consent-gate/categories';
import { allowedCategories } from '../../state/consent';

/** Whether the analytical category is allowed now (stored choice, the level's default, or the app). */
export const analyticsAllowed = (): boolean => allowedCategories.value.has(CATEGORY.analytical);
