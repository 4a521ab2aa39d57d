/**
 * The languages whose UI catalogues are complete: the catalogue check fails on any gap in them (a missing key or
 * plural form, other placeholders than English, an English copy). A language joins when its translation is done.
 */
export const COMPLETE_LANGUAGES: readonly string[] = ['en', 'id', 'de', 'fr', 'es', 'ar'];
