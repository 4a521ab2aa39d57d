import type { FastifyRequest } from 'fastify';
import { COUNTRY_CHOICE_COOKIE, type CountryTipAnswer } from '../schemas/customer-contact';
import { translate } from '../i18n';
import { countryTip } from './country-tip';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The other-country tip for one request, worded in the language of the store it offers (the shopper's, not the
 * page's). `cdnCountryHeader` is the configured header name, or null when the store reads none.
 */
export function countryTipAnswer(request: FastifyRequest, cdnCountryHeader: string | null): CountryTipAnswer {
  const tip = countryTip({
    current: request.storefront,
    userAgent: header(request.headers['user-agent']),
    acceptLanguage: header(request.headers['accept-language']),
    cdnCountry: cdnCountryHeader ? header(request.headers[cdnCountryHeader]) : undefined,
    choice: request.cookies[COUNTRY_CHOICE_COOKIE],
  });
  if (!tip.show) return { show: false, reason: tip.reason };
  const { target } = tip;
  const name = `Mi Store ${target.language.localTitle}`;
  const say = (key: string) => translate(target, `location.tip.${key}`, { store: name });
  return {
    show: true,
    reason: tip.reason,
    to: { url_local: target.urlLocal, href: `/${target.urlLocal}/`, name, lang: target.lang, dir: target.dir },
    text: { title: say('title'), body: say('body'), go: say('go'), stay: say('stay') },
  };
}

/** The same tip in the header-footer answer's older shape (differentSiteTip), so its clients see it too. */
export function differentSiteTip(answer: CountryTipAnswer) {
  return answer.show && answer.to && answer.text
    ? {
        show: true,
        text: answer.text.body,
        sitesText: answer.text.title,
        buttonText: answer.text.go,
        toDomain: answer.to.href,
      }
    : { show: false, text: '', sitesText: '', buttonText: '', toDomain: '' };
}
