/**
 * The carriers the warehouse hands parcels to, per country, with the public tracking page of each. A shipment names
 * its carrier by id; only a carrier of the order's country is accepted, so a shopper's link always opens a page that
 * knows the parcel. `{tracking}` in a link is replaced by the tracking number, URL-encoded.
 */
export interface Carrier {
  /** The id a shipment stores (lower-case letters, digits and dashes). */
  id: string;
  /** The carrier's own name, shown as it is in every language. */
  name: string;
  /** The public tracking page, with `{tracking}` where the number goes. */
  link: string;
}

const carrier = (id: string, name: string, link: string): Carrier => ({ id, name, link });

/** Every carrier the store ships with, by id. */
const CARRIERS = Object.fromEntries(
  [
    carrier('dhl', 'DHL', 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={tracking}'),
    carrier('dpd', 'DPD', 'https://tracking.dpd.de/status/en_US/parcel/{tracking}'),
    carrier('hermes', 'Hermes', 'https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation/#{tracking}'),
    carrier('gls', 'GLS', 'https://gls-group.com/track/{tracking}'),
    carrier('ups', 'UPS', 'https://www.ups.com/track?tracknum={tracking}'),
    carrier('fedex', 'FedEx', 'https://www.fedex.com/fedextrack/?trknbr={tracking}'),
    carrier('usps', 'USPS', 'https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}'),
    carrier('jne', 'JNE', 'https://www.jne.co.id/tracking-package?awb={tracking}'),
    carrier('jnt-id', 'J&T Express', 'https://jet.co.id/track?awb={tracking}'),
    carrier('sicepat', 'SiCepat', 'https://www.sicepat.com/checkAwb?awb={tracking}'),
    carrier('delhivery', 'Delhivery', 'https://www.delhivery.com/track/package/{tracking}'),
    carrier(
      'bluedart',
      'Blue Dart',
      'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={tracking}',
    ),
    carrier('colissimo', 'Colissimo', 'https://www.laposte.fr/outils/suivre-vos-envois?code={tracking}'),
    carrier(
      'chronopost',
      'Chronopost',
      'https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT={tracking}',
    ),
    carrier(
      'correos',
      'Correos',
      'https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number={tracking}',
    ),
    carrier('seur', 'SEUR', 'https://www.seur.com/livetracking/?segOnlineIdentificador={tracking}'),
    carrier(
      'poste-italiane',
      'Poste Italiane',
      'https://www.poste.it/cerca/index.html#/risultati-spedizioni/{tracking}',
    ),
    carrier('brt', 'BRT', 'https://vas.brt.it/vas/sped_det_show.hsm?Nspediz={tracking}'),
    carrier('royal-mail', 'Royal Mail', 'https://www.royalmail.com/track-your-item#/tracking-results/{tracking}'),
    carrier('evri', 'Evri', 'https://www.evri.com/track/parcel/{tracking}'),
    carrier('postnl', 'PostNL', 'https://jouw.postnl.nl/track-and-trace/{tracking}'),
    carrier('bpost', 'bpost', 'https://track.bpost.cloud/btr/web/#/search?itemCode={tracking}'),
    carrier('inpost', 'InPost', 'https://inpost.pl/sledzenie-przesylek?number={tracking}'),
    carrier('poczta-polska', 'Poczta Polska', 'https://emonitoring.poczta-polska.pl/?numer={tracking}'),
    carrier('russian-post', 'Почта России', 'https://www.pochta.ru/tracking?barcode={tracking}'),
    carrier('cdek', 'СДЭК', 'https://www.cdek.ru/ru/tracking?order_id={tracking}'),
    carrier('kerry-th', 'Kerry Express', 'https://th.kerryexpress.com/en/track/?track={tracking}'),
    carrier('thailand-post', 'Thailand Post', 'https://track.thailandpost.co.th/?trackNumber={tracking}'),
    carrier(
      'yurtici',
      'Yurtiçi Kargo',
      'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code={tracking}',
    ),
    carrier(
      'aras',
      'Aras Kargo',
      'https://www.araskargo.com.tr/trmobile/cargo_tracking_detail.aspx?kargo_takip_no={tracking}',
    ),
    carrier('estafeta', 'Estafeta', 'https://www.estafeta.com/Herramientas/Rastreo?wayBills={tracking}'),
    carrier('cj-logistics', 'CJ대한통운', 'https://www.cjlogistics.com/ko/tool/parcel/tracking?gnbInvcNo={tracking}'),
    carrier('hanjin', '한진택배', 'https://www.hanjin.com/kor/CMS/DeliveryMgr/WaybillResult.do?wblnum={tracking}'),
    carrier('ghn', 'Giao Hàng Nhanh', 'https://donhang.ghn.vn/?order_code={tracking}'),
    carrier('vnpost', 'VNPost', 'https://www.vnpost.vn/en-us/dinh-vi/buu-pham?key={tracking}'),
    carrier('yamato', 'ヤマト運輸', 'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number01={tracking}'),
    carrier('sagawa', '佐川急便', 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo={tracking}'),
    carrier(
      'japan-post',
      '日本郵便',
      'https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1={tracking}',
    ),
    carrier('sf-express', 'SF Express', 'https://www.sf-express.com/chn/en/waybill/waybill-detail/{tracking}'),
    carrier('jd-logistics', '京东物流', 'https://www.jdl.com/orderSearch/?waybillCodes={tracking}'),
    carrier(
      'hongkong-post',
      'Hongkong Post',
      'https://www.hongkongpost.hk/en/mail_tracking/index.html?trackcode={tracking}',
    ),
    carrier('t-cat', '黑貓宅急便', 'https://www.t-cat.com.tw/Inquire/Trace.aspx?no={tracking}'),
    carrier('chunghwa-post', '中華郵政', 'https://trackings.post.gov.tw/?id={tracking}'),
    carrier('pos-malaysia', 'Pos Malaysia', 'https://tracking.pos.com.my/tracking/{tracking}'),
    carrier('jnt-my', 'J&T Express', 'https://www.jtexpress.my/tracking/{tracking}'),
    carrier('ninja-van', 'Ninja Van', 'https://www.ninjavan.co/en-sg/tracking?id={tracking}'),
    carrier('singpost', 'SingPost', 'https://www.singpost.com/track-items?trackingid={tracking}'),
    carrier(
      'servientrega',
      'Servientrega',
      'https://mobile.servientrega.com/WebSitePortal/RastreoEnvioDetalle.html?Guia={tracking}',
    ),
    carrier('olva', 'Olva Courier', 'https://tracking.olvacourier.com/?tracking={tracking}'),
    carrier('nova-poshta', 'Нова пошта', 'https://novaposhta.ua/tracking/?cargo_number={tracking}'),
    carrier('ukrposhta', 'Укрпошта', 'https://track.ukrposhta.ua/tracking_UA.html?barcode={tracking}'),
    carrier('aramex', 'Aramex', 'https://www.aramex.com/us/en/track/results?ShipmentNumber={tracking}'),
    carrier('smsa', 'SMSA Express', 'https://www.smsaexpress.com/trackingdetails?tracknumbers={tracking}'),
    carrier('kazpost', 'Казпочта', 'https://post.kz/mail/search/track/{tracking}'),
    carrier('amana', 'Amana', 'https://bam-tracking.barid.ma/Tracking/Search?trackingCode={tracking}'),
    carrier('austrian-post', 'Österreichische Post', 'https://www.post.at/s/sendungsdetails?snr={tracking}'),
    carrier('ctt', 'CTT', 'https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects={tracking}'),
    carrier('acs', 'ACS Courier', 'https://www.acscourier.net/en/track-and-trace/?trackingNumber={tracking}'),
    carrier('ppl', 'PPL', 'https://www.ppl.cz/vyhledat-zasilku?shipmentId={tracking}'),
    carrier(
      'ceska-posta',
      'Česká pošta',
      'https://www.postaonline.cz/trackandtrace/-/zasilka/cislo?parcelNumbers={tracking}',
    ),
    carrier('slovenska-posta', 'Slovenská pošta', 'https://tandt.posta.sk/en/items/{tracking}'),
    carrier('magyar-posta', 'Magyar Posta', 'https://posta.hu/nyomkovetes/nyitooldal?searchvalue={tracking}'),
    carrier('fan-courier', 'FAN Courier', 'https://www.fancourier.ro/awb-tracking/?tracking={tracking}'),
    carrier('sameday', 'Sameday', 'https://sameday.ro/#awb={tracking}'),
    carrier('econt', 'Еконт', 'https://www.econt.com/services/track-shipment/{tracking}'),
    carrier('speedy', 'Speedy', 'https://www.speedy.bg/en/track-shipment?shipmentNumber={tracking}'),
    carrier(
      'hrvatska-posta',
      'Hrvatska pošta',
      'https://posiljka.posta.hr/en/tracking/trackingdata?barcode={tracking}',
    ),
    carrier('postnord', 'PostNord', 'https://tracking.postnord.com/?id={tracking}'),
    carrier('bring', 'Posten Bring', 'https://sporing.bring.no/sporing/{tracking}'),
    carrier('posti', 'Posti', 'https://www.posti.fi/en/tracking#/lahetys/{tracking}'),
    carrier('an-post', 'An Post', 'https://www.anpost.com/Post-Parcels/Track/History?item={tracking}'),
    carrier(
      'swiss-post',
      'Die Post',
      'https://service.post.ch/ekp-web/ui/entry/shipping/1/parcel/detail?parcelId={tracking}',
    ),
    carrier('lbc', 'LBC Express', 'https://www.lbcexpress.com/track/?tracking_no={tracking}'),
    carrier('australia-post', 'Australia Post', 'https://auspost.com.au/mypost/track/details/{tracking}'),
    carrier('nz-post', 'NZ Post', 'https://www.nzpost.co.nz/tools/tracking/item/{tracking}'),
    carrier('chilexpress', 'Chilexpress', 'https://centrodeayuda.chilexpress.cl/seguimiento/{tracking}'),
    carrier('correios', 'Correios', 'https://rastreamento.correios.com.br/app/index.php?objeto={tracking}'),
    carrier('jadlog', 'Jadlog', 'https://www.jadlog.com.br/jadlog/tracking?cte={tracking}'),
    carrier('bosta', 'Bosta', 'https://bosta.co/en-eg/tracking-shipments?shipment-number={tracking}'),
    carrier('gig-logistics', 'GIG Logistics', 'https://giglogistics.com/track/mobileShipment?waybill={tracking}'),
    carrier('courier-guy', 'The Courier Guy', 'https://portal.thecourierguy.co.za/track?ref={tracking}'),
    carrier('redx', 'RedX', 'https://redx.com.bd/track-global-parcel/?trackingId={tracking}'),
    carrier('pathao', 'Pathao Courier', 'https://merchant.pathao.com/tracking?consignment_id={tracking}'),
    carrier('jnt-kh', 'J&T Express', 'https://www.jtexpress.com.kh/trajectoryQuery?waybillNo={tracking}'),
  ].map((c) => [c.id, c]),
) as Readonly<Record<string, Carrier>>;

/** The carriers of each country the store sells in (the storefronts' `local` codes), the usual one first. */
const BY_COUNTRY: Readonly<Record<string, readonly string[]>> = {
  de: ['dhl', 'dpd', 'hermes', 'gls', 'ups'],
  fr: ['colissimo', 'chronopost', 'dpd', 'ups'],
  es: ['correos', 'seur', 'dhl', 'ups'],
  it: ['brt', 'poste-italiane', 'dhl', 'gls'],
  uk: ['royal-mail', 'evri', 'dpd', 'dhl', 'ups'],
  nl: ['postnl', 'dhl', 'dpd', 'ups'],
  pl: ['inpost', 'dpd', 'poczta-polska', 'dhl'],
  ru: ['cdek', 'russian-post'],
  th: ['kerry-th', 'thailand-post', 'dhl'],
  tr: ['yurtici', 'aras', 'ups'],
  mx: ['estafeta', 'dhl', 'fedex'],
  kr: ['cj-logistics', 'hanjin'],
  vn: ['ghn', 'vnpost'],
  jp: ['yamato', 'sagawa', 'japan-post'],
  cn: ['sf-express', 'jd-logistics'],
  hk: ['sf-express', 'hongkong-post'],
  tw: ['t-cat', 'chunghwa-post', 'sf-express'],
  in: ['delhivery', 'bluedart'],
  id: ['jne', 'jnt-id', 'sicepat'],
  my: ['pos-malaysia', 'jnt-my', 'ninja-van'],
  sg: ['ninja-van', 'singpost', 'dhl'],
  co: ['servientrega', 'dhl'],
  pe: ['olva', 'dhl'],
  us: ['ups', 'fedex', 'usps'],
  ua: ['nova-poshta', 'ukrposhta'],
  ae: ['aramex', 'dhl'],
  be: ['bpost', 'dpd', 'dhl', 'postnl'],
  kh: ['jnt-kh', 'dhl'],
  kz: ['kazpost', 'cdek', 'dhl'],
  ma: ['amana', 'dhl'],
  sa: ['smsa', 'aramex', 'dhl'],
  at: ['austrian-post', 'dpd', 'dhl', 'gls'],
  pt: ['ctt', 'dpd', 'dhl'],
  gr: ['acs', 'dhl'],
  cz: ['ppl', 'ceska-posta', 'dpd', 'gls'],
  sk: ['slovenska-posta', 'dpd', 'gls'],
  hu: ['magyar-posta', 'gls', 'dpd'],
  ro: ['fan-courier', 'sameday', 'dpd'],
  bg: ['econt', 'speedy'],
  hr: ['hrvatska-posta', 'dpd', 'gls'],
  se: ['postnord', 'dhl', 'ups'],
  dk: ['postnord', 'gls', 'dhl'],
  fi: ['posti', 'dhl', 'postnord'],
  no: ['bring', 'postnord', 'dhl'],
  ie: ['an-post', 'dpd', 'ups'],
  ch: ['swiss-post', 'dhl', 'dpd'],
  ph: ['lbc', 'ninja-van'],
  au: ['australia-post', 'dhl'],
  nz: ['nz-post', 'dhl'],
  cl: ['chilexpress', 'dhl'],
  br: ['correios', 'jadlog'],
  eg: ['aramex', 'bosta'],
  ng: ['gig-logistics', 'dhl'],
  za: ['courier-guy', 'dhl', 'aramex'],
  lk: ['dhl', 'aramex'],
  bd: ['redx', 'pathao'],
};

/** The carriers of a country, the usual one first (none for a country the store does not ship in). */
export function carriersFor(local: string): Carrier[] {
  return (BY_COUNTRY[local] ?? []).map((id) => CARRIERS[id]!);
}

/** The carrier `id` when it ships in `local`, else undefined: a shipment with another carrier is refused. */
export function carrierIn(local: string, id: string): Carrier | undefined {
  return BY_COUNTRY[local]?.includes(id) ? CARRIERS[id] : undefined;
}

/** Any carrier by id (an old shipment's carrier stays readable whatever the country's list says now). */
export function carrierById(id: string): Carrier | undefined {
  return Object.hasOwn(CARRIERS, id) ? CARRIERS[id] : undefined;
}

/**
 * The public tracking page of a parcel.
 * @example trackingLink(carrierById('dhl')!, 'JJD 01/2') // …?tracking-id=JJD%2001%2F2
 */
export function trackingLink(c: Carrier, trackingNumber: string): string {
  return c.link.replace('{tracking}', encodeURIComponent(trackingNumber));
}

/** Every country with a carrier list (the test checks each storefront's country has one). */
export const carrierCountries = (): string[] => Object.keys(BY_COUNTRY);
/** Every carrier (the test checks ids and links). */
export const allCarriers = (): Carrier[] => Object.values(CARRIERS);
