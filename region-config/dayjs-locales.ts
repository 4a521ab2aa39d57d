/**
 * Every dayjs locale a storefront uses, registered with dayjs on import (each file calls dayjs.locale(obj, null,
 * true)).
 * Imported statically so formatting works the same at build time and in the browser; region-data.json may only
 * name locales listed here (checked by rules.ts). 'en' is built into dayjs.
 */
import de from 'dayjs/locale/de';
import fr from 'dayjs/locale/fr';
import es from 'dayjs/locale/es';
import it from 'dayjs/locale/it';
import enGb from 'dayjs/locale/en-gb';
import nl from 'dayjs/locale/nl';
import pl from 'dayjs/locale/pl';
import ru from 'dayjs/locale/ru';
import th from 'dayjs/locale/th';
import tr from 'dayjs/locale/tr';
import esMx from 'dayjs/locale/es-mx';
import ko from 'dayjs/locale/ko';
import vi from 'dayjs/locale/vi';
import ja from 'dayjs/locale/ja';
import zhCn from 'dayjs/locale/zh-cn';
import zhHk from 'dayjs/locale/zh-hk';
import zhTw from 'dayjs/locale/zh-tw';
import enIn from 'dayjs/locale/en-in';
import id from 'dayjs/locale/id';
import enSg from 'dayjs/locale/en-sg';
import uk from 'dayjs/locale/uk';
import ar from 'dayjs/locale/ar';
import nlBe from 'dayjs/locale/nl-be';
import km from 'dayjs/locale/km';
import kk from 'dayjs/locale/kk';
import arMa from 'dayjs/locale/ar-ma';
import arSa from 'dayjs/locale/ar-sa';
import deAt from 'dayjs/locale/de-at';
import pt from 'dayjs/locale/pt';
import el from 'dayjs/locale/el';
import cs from 'dayjs/locale/cs';
import sk from 'dayjs/locale/sk';
import hu from 'dayjs/locale/hu';
import ro from 'dayjs/locale/ro';
import bg from 'dayjs/locale/bg';
import hr from 'dayjs/locale/hr';
import sv from 'dayjs/locale/sv';
import da from 'dayjs/locale/da';
import fi from 'dayjs/locale/fi';
import nb from 'dayjs/locale/nb';
import enIe from 'dayjs/locale/en-ie';
import deCh from 'dayjs/locale/de-ch';
import frCh from 'dayjs/locale/fr-ch';
import enAu from 'dayjs/locale/en-au';
import enNz from 'dayjs/locale/en-nz';
import ptBr from 'dayjs/locale/pt-br';

/** Locale name → dayjs locale object. */
export const dayjsLocales: Readonly<Record<string, { name: string }>> = {
  en: { name: 'en' },
  de: de,
  fr: fr,
  es: es,
  it: it,
  'en-gb': enGb,
  nl: nl,
  pl: pl,
  ru: ru,
  th: th,
  tr: tr,
  'es-mx': esMx,
  ko: ko,
  vi: vi,
  ja: ja,
  'zh-cn': zhCn,
  'zh-hk': zhHk,
  'zh-tw': zhTw,
  'en-in': enIn,
  id: id,
  'en-sg': enSg,
  uk: uk,
  ar: ar,
  'nl-be': nlBe,
  km: km,
  kk: kk,
  'ar-ma': arMa,
  'ar-sa': arSa,
  'de-at': deAt,
  pt: pt,
  el: el,
  cs: cs,
  sk: sk,
  hu: hu,
  ro: ro,
  bg: bg,
  hr: hr,
  sv: sv,
  da: da,
  fi: fi,
  nb: nb,
  'en-ie': enIe,
  'de-ch': deCh,
  'fr-ch': frCh,
  'en-au': enAu,
  'en-nz': enNz,
  'pt-br': ptBr,
};
