/**
 * The support desk strings (issue 10 items 2-4: service centres and appointments, tickets and grievances, the staff
 * panes and their mails), fully translated into en, id, de, fr, es and ar; one file per language beside this one.
 */
import { supportDeskEn, type SupportDeskKey } from './support-desk-en';
import { supportDeskId } from './support-desk-id';
import { supportDeskDe } from './support-desk-de';
import { supportDeskFr } from './support-desk-fr';
import { supportDeskEs } from './support-desk-es';
import { supportDeskAr } from './support-desk-ar';

export const supportDeskStrings: Record<'en' | 'id' | 'de' | 'fr' | 'es' | 'ar', Record<SupportDeskKey, string>> = {
  en: supportDeskEn,
  id: supportDeskId,
  de: supportDeskDe,
  fr: supportDeskFr,
  es: supportDeskEs,
  ar: supportDeskAr,
};
