// The consent rule is shared with the server (the analytics collector decides by the same rule): it lives in sites/.
export {
  ALL_CATEGORIES,
  CATEGORY,
  DEFAULT_CONSENT,
  effectiveConsent,
  needsChoice,
  parseConsent,
  serializeConsent,
  type Category,
  type CategoryName,
  type ConsentInput,
} from '../../sites/consent';
