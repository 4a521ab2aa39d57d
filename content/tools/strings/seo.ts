/**
 * Strings of issue 13 (international SEO), translated for every catalogue.
 *
 * descriptionFiller: the sentence that completes a meta description too short for search results (issue 13: 50–160 characters in the
 * storefront's language). Every catalogue has it, also those whose other page texts are still English, so the
 * part a description gains is never English on another storefront. `{{site}}` is the storefront's site name
 * ('Mi Store Deutschland'). CJK sentences are longer in characters' worth of meaning: they carry more of it.
 */
export const descriptionFiller: Record<string, string> = {
  en: '{{site}}: official store with genuine products, secure payment and delivery.',
  id: '{{site}}: toko resmi dengan produk asli, pembayaran aman, dan pengiriman.',
  de: '{{site}}: offizieller Shop mit Originalprodukten, sicherer Zahlung und Lieferung.',
  fr: '{{site}} : boutique officielle, produits authentiques, paiement sécurisé et livraison.',
  es: '{{site}}: tienda oficial con productos originales, pago seguro y envío.',
  ar: '{{site}}: المتجر الرسمي، منتجات أصلية ودفع آمن وتوصيل.',
  it: '{{site}}: negozio ufficiale con prodotti originali, pagamento sicuro e consegna.',
  nl: '{{site}}: officiële winkel met originele producten, veilig betalen en bezorging.',
  pl: '{{site}}: oficjalny sklep z oryginalnymi produktami, bezpieczną płatnością i dostawą.',
  pt: '{{site}}: loja oficial com produtos originais, pagamento seguro e entrega.',
  'pt-BR': '{{site}}: loja oficial com produtos originais, pagamento seguro e entrega.',
  ru: '{{site}}: официальный магазин — оригинальные товары, безопасная оплата и доставка.',
  uk: '{{site}}: офіційний магазин — оригінальні товари, безпечна оплата та доставка.',
  kk: '{{site}}: ресми дүкен — түпнұсқа тауарлар, қауіпсіз төлем және жеткізу.',
  tr: '{{site}}: orijinal ürünler, güvenli ödeme ve teslimat sunan resmi mağaza.',
  th: '{{site}}: ร้านค้าอย่างเป็นทางการ สินค้าของแท้ ชำระเงินปลอดภัย และจัดส่งถึงบ้าน',
  vi: '{{site}}: cửa hàng chính thức với sản phẩm chính hãng, thanh toán an toàn và giao hàng.',
  ja: '{{site}}：正規品のみを扱う公式ストア。安全なお支払いと迅速な配送、充実したアフターサービス。',
  ko: '{{site}}: 정품만 판매하는 공식 스토어. 안전한 결제, 빠른 배송과 믿을 수 있는 A/S를 제공합니다.',
  'zh-CN': '{{site}}：小米官方商城，正品保障，安全支付，快速送货上门，售后服务无忧。',
  'zh-HK': '{{site}}：小米官方網店，正品保證，安全付款，快速送貨上門，售後服務無憂。',
  'zh-TW': '{{site}}：小米官方商店，正品保證，安全付款，快速宅配到府，售後服務無憂。',
  km: '{{site}}៖ ហាងផ្លូវការ ផលិតផលពិតប្រាកដ ការទូទាត់សុវត្ថិភាព និងការដឹកជញ្ជូន។',
  bg: '{{site}}: официален магазин с оригинални продукти, сигурно плащане и доставка.',
  cs: '{{site}}: oficiální obchod s originálními produkty, bezpečnou platbou a doručením.',
  da: '{{site}}: officiel butik med originale produkter, sikker betaling og levering.',
  el: '{{site}}: επίσημο κατάστημα με γνήσια προϊόντα, ασφαλή πληρωμή και παράδοση.',
  fi: '{{site}}: virallinen kauppa – aidot tuotteet, turvallinen maksu ja toimitus.',
  hr: '{{site}}: službena trgovina s originalnim proizvodima, sigurnim plaćanjem i dostavom.',
  hu: '{{site}}: hivatalos webáruház eredeti termékekkel, biztonságos fizetéssel és szállítással.',
  nb: '{{site}}: offisiell butikk med originale produkter, sikker betaling og levering.',
  ro: '{{site}}: magazin oficial cu produse originale, plată sigură și livrare.',
  sk: '{{site}}: oficiálny obchod s originálnymi produktmi, bezpečnou platbou a doručením.',
  sv: '{{site}}: officiell butik med originalprodukter, säker betalning och leverans.',
};

/** The one message of a product page in a country that does not sell the product (noindex, no price, no Offer). */
export const notSoldInCountry: Record<string, string> = {
  en: 'This product is not available in your country.',
  id: 'Produk ini tidak tersedia di negara Anda.',
  de: 'Dieses Produkt ist in Ihrem Land nicht erhältlich.',
  fr: "Ce produit n'est pas disponible dans votre pays.",
  es: 'Este producto no está disponible en tu país.',
  ar: 'هذا المنتج غير متوفر في بلدك.',
  it: 'Questo prodotto non è disponibile nel tuo paese.',
  nl: 'Dit product is niet beschikbaar in jouw land.',
  pl: 'Ten produkt nie jest dostępny w Twoim kraju.',
  pt: 'Este produto não está disponível no seu país.',
  'pt-BR': 'Este produto não está disponível no seu país.',
  ru: 'Этот товар недоступен в вашей стране.',
  uk: 'Цей товар недоступний у вашій країні.',
  kk: 'Бұл тауар сіздің елде қолжетімді емес.',
  tr: 'Bu ürün ülkenizde satılmamaktadır.',
  th: 'สินค้านี้ไม่มีจำหน่ายในประเทศของคุณ',
  vi: 'Sản phẩm này không có bán tại quốc gia của bạn.',
  ja: 'この製品はお住まいの国ではお取り扱いがありません。',
  ko: '이 제품은 고객님의 국가에서 판매되지 않습니다.',
  'zh-CN': '该产品在您所在的国家/地区未发售。',
  'zh-HK': '此產品在您所在的國家/地區未有發售。',
  'zh-TW': '此商品在您所在的國家/地區未販售。',
  km: 'ផលិតផលនេះមិនមានលក់នៅក្នុងប្រទេសរបស់អ្នកទេ។',
  bg: 'Този продукт не се предлага във вашата държава.',
  cs: 'Tento produkt není ve vaší zemi k dispozici.',
  da: 'Dette produkt fås ikke i dit land.',
  el: 'Αυτό το προϊόν δεν διατίθεται στη χώρα σας.',
  fi: 'Tätä tuotetta ei myydä maassasi.',
  hr: 'Ovaj proizvod nije dostupan u vašoj zemlji.',
  hu: 'Ez a termék az Ön országában nem kapható.',
  nb: 'Dette produktet selges ikke i ditt land.',
  ro: 'Acest produs nu este disponibil în țara ta.',
  sk: 'Tento produkt nie je vo vašej krajine dostupný.',
  sv: 'Den här produkten säljs inte i ditt land.',
};

/**
 * The description of every category list page ('{{category}}: prices, specifications and offers.'), for the
 * catalogues whose page texts are otherwise English: category pages are a storefront's most numerous indexable pages
 * after products. The fully translated catalogues have it in their pages-<code>.ts.
 */
export const categoryDescription: Record<string, string> = {
  it: '{{category}}: prezzi, specifiche e offerte.',
  nl: '{{category}}: prijzen, specificaties en aanbiedingen.',
  pl: '{{category}}: ceny, specyfikacje i oferty.',
  pt: '{{category}}: preços, especificações e ofertas.',
  'pt-BR': '{{category}}: preços, especificações e ofertas.',
  ru: '{{category}}: цены, характеристики и предложения.',
  uk: '{{category}}: ціни, характеристики та пропозиції.',
  kk: '{{category}}: бағалар, сипаттамалар және ұсыныстар.',
  tr: '{{category}}: fiyatlar, teknik özellikler ve fırsatlar.',
  th: '{{category}}: ราคา สเปก และข้อเสนอพิเศษ',
  vi: '{{category}}: giá, thông số kỹ thuật và ưu đãi.',
  ja: '{{category}}：価格、仕様、キャンペーン情報。',
  ko: '{{category}}: 가격, 사양 및 혜택.',
  'zh-CN': '{{category}}：价格、参数与优惠。',
  'zh-HK': '{{category}}：價格、規格及優惠。',
  'zh-TW': '{{category}}：價格、規格與優惠。',
  km: '{{category}}៖ តម្លៃ លក្ខណៈបច្ចេកទេស និងការផ្តល់ជូនពិសេស។',
  bg: '{{category}}: цени, характеристики и оферти.',
  cs: '{{category}}: ceny, specifikace a nabídky.',
  da: '{{category}}: priser, specifikationer og tilbud.',
  el: '{{category}}: τιμές, προδιαγραφές και προσφορές.',
  fi: '{{category}}: hinnat, tekniset tiedot ja tarjoukset.',
  hr: '{{category}}: cijene, specifikacije i ponude.',
  hu: '{{category}}: árak, műszaki adatok és ajánlatok.',
  nb: '{{category}}: priser, spesifikasjoner og tilbud.',
  ro: '{{category}}: prețuri, specificații și oferte.',
  sk: '{{category}}: ceny, špecifikácie a ponuky.',
  sv: '{{category}}: priser, specifikationer och erbjudanden.',
};

/** The strings of issue 13 in one catalogue; every required catalogue has them (build-translations fails otherwise). */
export function seoStrings(code: string): Record<string, string> {
  const filler = descriptionFiller[code];
  const notSold = notSoldInCountry[code];
  if (!filler || !notSold) throw new Error(`content/tools/strings/seo.ts: catalogue ${code} lacks a translation`);
  const category = categoryDescription[code];
  return { 'seo.descriptionFiller': filler, 'product.notSoldInCountry': notSold, ...(category ? { 'productList.categoryDescription': category } : {}) };
}
