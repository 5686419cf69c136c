/**
 * Languages in which country and region names are served (`language_code`).
 * Country names come from CLDR for all of them; region names from
 * iso3166-2-db where it has them, English otherwise. City names are GeoNames'
 * own in every language.
 */
export const DISPLAY_LANGUAGES = ['en', 'ar', 'de', 'es', 'fr', 'hi', 'it', 'ja', 'pt', 'ru', 'zh'] as const;
export type DisplayLanguage = (typeof DISPLAY_LANGUAGES)[number];
