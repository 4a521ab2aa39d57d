/**
 * The editable pages of the route table, as the CMS would export them: content, support and event pages.
 * The copy (titles, descriptions and body copy) is written in English; its translations are in
 * content/copy/<language>.json (copy-texts.ts).
 */
import type { ContentBlock, ContentPage, PagesSnapshot } from '../schemas/pages.schema';
import type { Localized } from '../schemas/common.schema';
import { copyText } from './copy-texts';

/** A text written in English, with its translations from the copy catalogues. */
const t = copyText;

const hero = (title: Localized, subtitle: Localized, image: string, cta: Localized, url: string): ContentBlock => ({
  type: 'hero',
  title,
  subtitle,
  image: `/images/banners/${image}.svg`,
  cta: { text: cta, url },
});
const row = (title: Localized, productIds: string[]): ContentBlock => ({ type: 'product-row', title, productIds });
const text = (paragraphs: Localized[], heading?: Localized): ContentBlock => ({
  type: 'rich-text',
  ...(heading ? { heading } : {}),
  paragraphs,
});
const grid = (title: Localized, categoryIds: string[]): ContentBlock => ({ type: 'category-grid', title, categoryIds });
const banner = (title: Localized, image: string, url: string, body?: Localized): ContentBlock => ({
  type: 'banner',
  title,
  ...(body ? { text: body } : {}),
  image: `/images/banners/${image}.svg`,
  url,
});
const faqs = (title: Localized, categoryNumber: number): ContentBlock => ({ type: 'faq-list', title, categoryNumber });
/**
 * A campaign window: the page carries it and the browser shows "starts in", "ends in" or "ended" on the server's clock.
 */
const countdown = (title: Localized, window: { startsAt?: string; endsAt: string }): ContentBlock => ({
  type: 'countdown',
  title,
  ...window,
});

const shopNow = t('Shop now');
const learnMore = t('Learn more');
const popular = t('Popular right now');
const allCategories = ['phones', 'tvs', 'wearables', 'tablets', 'scooters', 'appliances', 'accessories', 'refurbished'];
const pocoCountries = [
  'de',
  'es',
  'fr',
  'it',
  'nl',
  'be',
  'uk',
  'th',
  'my',
  'kr',
  'vn',
  'hk',
  'tw',
  'pl',
  'tr',
  'mx',
  'id',
  'co',
  'sg',
];
const euCountries = [
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pl',
  'be',
  'at',
  'pt',
  'gr',
  'cz',
  'sk',
  'hu',
  'ro',
  'bg',
  'hr',
  'se',
  'dk',
  'fi',
  'ie',
];

function page(
  path: string,
  kind: ContentPage['kind'],
  title: Localized,
  description: Localized,
  blocks: ContentBlock[],
  regions?: string[],
): ContentPage {
  return { path, kind, title, description, ...(regions ? { regions } : {}), blocks };
}

const contentPages: ContentPage[] = [
  page(
    '/',
    'content',
    t('Xiaomi Official Store'),
    t('Phones, TVs, wearables and smart home devices from Xiaomi, with official warranty and fast delivery.'),
    [
      hero(
        t('Xiaomi 15T Series'),
        t('Leica optics. Made for every moment.'),
        'home',
        shopNow,
        '/product/xiaomi-15t-pro/',
      ),
      row(popular, [
        'xiaomi-15t-pro',
        'redmi-note-14-pro',
        'redmi-watch-5',
        'xiaomi-tv-a-pro-55',
        'robot-vacuum-s20',
        'redmi-buds-6',
      ]),
      grid(t('Shop by category'), allCategories),
      banner(t('New here? Welcome offers inside'), 'new-user', '/new-user/'),
    ],
  ),
  page(
    '/smart-home/',
    'content',
    t('Smart home'),
    t('Robot vacuums, air purifiers, cameras and Wi-Fi that work together in the Xiaomi Home app.'),
    [
      hero(
        t('Smart home, simply'),
        t('One app for every device.'),
        'smart-home',
        learnMore,
        '/product-list/appliances/',
      ),
      row(popular, [
        'robot-vacuum-s20',
        'xiaomi-robot-vacuum-s40',
        'xiaomi-air-purifier-4',
        'xiaomi-smart-camera-c500-pro',
        'xiaomi-mesh-system-ax3000',
      ]),
    ],
  ),
  page('/life-style/', 'content', t('Lifestyle'), t('Electric scooters, audio and everyday gear from Xiaomi.'), [
    hero(t('Life, upgraded'), t('Ride further, listen longer.'), 'lifestyle', shopNow, '/product-list/scooters/'),
    row(popular, [
      'xiaomi-electric-scooter-4-pro-2nd-gen',
      'xiaomi-electric-scooter-5',
      'xiaomi-sound-outdoor',
      'xiaomi-openwear-stereo',
    ]),
  ]),
  page('/smart-office/', 'content', t('Smart office'), t('Tablets, chargers and networking for productive days.'), [
    hero(t('Work smarter'), t('A desk that keeps up with you.'), 'office', shopNow, '/product-list/tablets/'),
    row(popular, [
      'xiaomi-pad-7-pro',
      'redmi-pad-pro-5g',
      'xiaomi-120w-hypercharge-combo',
      'xiaomi-mesh-system-ax3000',
    ]),
  ]),
  page('/mobile/', 'content', t('Mobile'), t('Every Xiaomi, Redmi and POCO phone in one place.'), [
    hero(t('Phones for everyone'), t('From Redmi A5 to Xiaomi 15 Ultra.'), 'mobile', shopNow, '/product-list/phones/'),
    row(popular, ['xiaomi-15-ultra', 'xiaomi-15', 'xiaomi-15t', 'redmi-note-14-pro-plus-5g', 'redmi-15c', 'poco-f7']),
  ]),
  page('/wearables/', 'content', t('Wearables and audio'), t('Smartwatches, bands and earbuds that last for days.'), [
    hero(t('Move more'), t('Track every step and every beat.'), 'wearables', shopNow, '/product-list/wearables/'),
    row(popular, ['xiaomi-watch-s4', 'redmi-watch-5', 'xiaomi-smart-band-9-pro', 'redmi-buds-6-pro']),
  ]),
  page('/new-user/', 'content', t('New user offers'), t('Sign up and get a welcome coupon for your first order.'), [
    hero(t('Welcome offers'), t('A coupon for your first order.'), 'new-user', shopNow, '/product-list/'),
    text([t('Create an account, then find your coupon under My account > Coupons. One coupon per purchase.')]),
  ]),
  page(
    '/store/partner/',
    'content',
    t('Authorised partners'),
    t('Retailers that sell genuine Xiaomi products with official warranty.'),
    [
      text(
        [t('Buy from authorised partners to be sure of genuine products and the official Xiaomi warranty.')],
        t('Why buy from a partner'),
      ),
    ],
  ),
  page(
    '/store/carrier-deals/',
    'content',
    t('Carrier deals'),
    t('Xiaomi phones with plans from our carrier partners.'),
    [
      text(
        [
          t(
            'Buy a Xiaomi phone together with a plan from one of our carrier partners and spread the cost ' +
              'over the contract. Offers, plan prices and eligibility are set by each carrier.',
          ),
          t('Ask in a Xiaomi Store or at the carrier’s shop which plans are available where you live.'),
        ],
        t('How carrier deals work'),
      ),
      row(t('Phones with a plan'), [
        'xiaomi-15',
        'xiaomi-15t',
        'redmi-note-14-pro-plus-5g',
        'redmi-note-14-pro',
        'redmi-15c',
      ]),
    ],
  ),
  page(
    '/store/xiaomi-store/',
    'content',
    t('Xiaomi Store locations'),
    t('Find a Xiaomi Store near you, try the latest devices and get help in person.'),
    [hero(t('Visit a Xiaomi Store'), t('Try before you buy.'), 'store', learnMore, '/store/xiaomi-store/detail/')],
  ),
  page(
    '/store/new-products/',
    'content',
    t('New arrivals'),
    t('The latest phones, wearables and smart home devices.'),
    [
      row(t('Just launched'), [
        'xiaomi-15t-pro',
        'xiaomi-15t',
        'redmi-15c',
        'xiaomi-watch-s4',
        'redmi-buds-6',
        'xiaomi-electric-scooter-5-max',
      ]),
    ],
  ),
  page('/store/daily-picks/', 'content', t('Daily picks'), t('Hand-picked deals, refreshed every day.'), [
    row(t('Today’s deals'), [
      'redmi-note-14',
      'xiaomi-smart-band-9',
      'xiaomi-33w-power-bank-20000mah',
      'xiaomi-smart-air-fryer-6-5l',
      'redmi-smart-speaker',
    ]),
  ]),
  page('/store/popup-ads/', 'content', t('Pop-up store'), t('Meet Xiaomi at our pop-up stores this season.'), [
    banner(t('Pop-up stores near you'), 'store', '/store/xiaomi-store/'),
  ]),
  page('/phone/', 'content', t('Phones by Xiaomi'), t('Compare Xiaomi, Redmi and POCO phones and find yours.'), [
    row(t('Flagships'), ['xiaomi-15-ultra', 'xiaomi-15', 'xiaomi-15t-pro']),
    row(t('Great value'), ['redmi-note-14-pro', 'redmi-note-14', 'redmi-a5']),
  ]),
  page(
    '/phone/xiaomi-15t-pro/',
    'content',
    t('Xiaomi 15T Pro overview'),
    t('Leica 5x periscope, Dimensity 9400+ and 90W charging.'),
    [
      hero(t('Xiaomi 15T Pro'), t('Zoom into every moment.'), 'home', shopNow, '/product/xiaomi-15t-pro/'),
      text([t('The 5x Leica periscope camera brings distant details close, day and night.')]),
    ],
  ),
  page(
    '/phone/xiaomi-15t-pro/specs/',
    'content',
    t('Xiaomi 15T Pro specifications'),
    t('Full specifications of Xiaomi 15T Pro.'),
    [
      text([
        t('Display: 6.83" 1.5K AMOLED, 144Hz.'),
        t('Processor: MediaTek Dimensity 9400+.'),
        t('Battery: 5500mAh with 90W HyperCharge and 50W wireless charging.'),
      ]),
      row(shopNow, ['xiaomi-15t-pro']),
    ],
  ),
  page('/tablet/', 'content', t('Tablets by Xiaomi'), t('Xiaomi Pad and Redmi Pad for study, work and play.'), [
    row(popular, ['xiaomi-pad-7-pro', 'xiaomi-pad-7', 'redmi-pad-2', 'redmi-pad-pro-5g', 'redmi-pad-se-8-7']),
  ]),
  page('/watch-audio/', 'content', t('Watch and audio'), t('Smartwatches and earbuds from Xiaomi and Redmi.'), [
    row(popular, ['xiaomi-watch-s4', 'redmi-watch-5', 'redmi-watch-5-active', 'xiaomi-buds-5-pro', 'redmi-buds-6-pro']),
  ]),
  page(
    '/tv-smart-home/',
    'content',
    t('TV and smart home'),
    t('Xiaomi TVs with Google TV, and the devices that go with them.'),
    [
      row(popular, [
        'xiaomi-tv-s-pro-mini-led-65',
        'xiaomi-tv-a-pro-55',
        'xiaomi-tv-a-pro-43',
        'xiaomi-tv-box-s-3rd-gen',
        'xiaomi-tv-stick-4k',
      ]),
    ],
  ),
  page('/about/', 'content', t('About Xiaomi'), t('Xiaomi makes innovative technology available to everyone.'), [
    text(
      [
        t(
          'Founded in 2010, Xiaomi is a consumer electronics and smart manufacturing company with ' +
            'smartphones and smart hardware connected by an IoT platform at its core.',
        ),
        t('Our mission is to let everyone in the world enjoy a better life through innovative technology.'),
      ],
      t('Who we are'),
    ),
  ]),
  page(
    '/about/company/',
    'content',
    t('Company information'),
    t('Legal entity, registered address and contact details.'),
    [
      text([
        t(
          'Xiaomi Corporation is listed on the Hong Kong Stock Exchange (1810). Local sales are handled by ' +
            'the Xiaomi entity of each country shown in the footer.',
        ),
      ]),
    ],
  ),
  page('/categories/smartphones/', 'content', t('Smartphone collection'), t('All smartphone series in one place.'), [
    grid(t('Series'), ['phones', 'refurbished']),
    row(popular, ['xiaomi-15', 'redmi-note-14-pro', 'poco-x7-pro']),
  ]),
  page(
    '/categories/smart-living/',
    'content',
    t('Smart living collection'),
    t('Appliances and accessories for a connected home.'),
    [grid(t('Explore'), ['appliances', 'accessories', 'tvs'])],
  ),
  // The student programme: verification and the semester's coupon are at /user/student (user-area/student.tsx); the
  // rules quoted here are server/students/rules.ts (a year's validity, renewal in the last month, one device).
  page(
    '/p/student-program/',
    'content',
    t('Student program'),
    t('Verified students save on a phone or tablet every semester.'),
    [
      hero(
        t('Student program'),
        t('Verify your student status and claim a student coupon every semester.'),
        'student',
        t('Verify your status'),
        '/user/student/',
      ),
      text([
        t(
          'Verify with your school e-mail address or with a student card or enrolment letter. A verified status ' +
            'lasts a year and can be renewed in its last month.',
        ),
        t(
          'Every semester, verified students claim one student coupon in their account: a discount on one phone ' +
            'or tablet, under the rule of their country shown before they claim it.',
        ),
      ]),
      row(popular, ['redmi-pad-2', 'redmi-note-14', 'redmi-note-14-pro']),
    ],
  ),
  page('/p/xiaomi-15t-series/', 'content', t('Xiaomi 15T Series launch'), t('Meet Xiaomi 15T and 15T Pro.'), [
    row(shopNow, ['xiaomi-15t-pro', 'xiaomi-15t']),
  ]),
  page('/s/summer-sale/', 'content', t('Summer sale'), t('Cool deals on fans, purifiers and scooters.'), [
    row(popular, [
      'xiaomi-smart-standing-fan-2-pro',
      'xiaomi-smart-air-purifier-4-lite',
      'xiaomi-electric-scooter-4-lite-2nd-gen',
    ]),
  ]),
  page('/universal/warranty-check/', 'content', t('Check your warranty'), t('See how long your device is covered.'), [
    text([
      t('Enter the IMEI (15 digits) or serial number on the support page to see the warranty status of your device.'),
    ]),
    { type: 'warranty-check' },
  ]),
  page('/support/recycling/', 'support', t('Recycling programme'), t('Return old devices for responsible recycling.'), [
    text([t('Bring old phones, chargers and cables to any Xiaomi Store; we recycle them with certified partners.')]),
  ]),
];

/** Support pages share a shape: a heading paragraph block and, where useful, an FAQ list. */
function supportPage(
  path: string,
  title: Localized,
  description: Localized,
  paragraphs: Localized[],
  faqCategory?: number,
  regions?: string[],
): ContentPage {
  const blocks: ContentBlock[] = [text(paragraphs)];
  if (faqCategory) blocks.push(faqs(t('Related questions'), faqCategory));
  return page(path, 'support', title, description, blocks, regions);
}

const supportPages: ContentPage[] = [
  supportPage(
    '/after-sales/',
    t('After-sales service'),
    t('Repairs, returns and exchanges for Xiaomi products.'),
    [
      t('Request a repair online, bring your device to a service centre or ask for a pick-up.'),
      t('Returns are accepted within 14 days of delivery; refurbished products have a 15-day cooling-off period.'),
    ],
    3,
  ),
  // The ways to reach customer service, their hours and "open now" follow this paragraph (ServiceContact), from the
  // country's configuration.
  supportPage('/contact/', t('Contact Xiaomi'), t('Live chat, phone and email support.'), [
    t('Below are the ways to reach customer service in this country, and when each of them is available.'),
  ]),
  supportPage('/declaration/', t('Declarations of conformity'), t('Regulatory declarations for Xiaomi products.'), [
    t('Declarations of conformity are available for every product sold in this region.'),
  ]),
  supportPage('/quick-start/', t('Quick start guides'), t('Set up your new device in minutes.'), [
    t('Charge the device, sign in with your Xiaomi Account and follow the steps on screen.'),
  ]),
  supportPage('/user-guide/', t('User guides'), t('Download manuals for your Xiaomi devices.'), [
    t('Find the user guide of your device by model name.'),
  ]),
  // The legal documents (terms of sale and of use, privacy, cookies, returns and refunds, warranty) are built from
  // content/legal, not from these pages.
  // /trade-in/ is the trade-in evaluator (route table, user-area island 'trade-in'); its questions stay on
  // /trade-in-faqs/.
  supportPage(
    '/trade-in-faqs/',
    t('Trade-in questions'),
    t('Answers about trade-in values, pick-up and refunds.'),
    [t('One trade-in device per new device. The value is confirmed after assessment.')],
    5,
  ),
  supportPage('/support/esim/', t('eSIM support'), t('Devices that support eSIM and how to activate it.'), [
    t('Xiaomi Watch S4 and recent Xiaomi phones support eSIM. Ask your carrier for an activation code.'),
  ]),
  supportPage(
    '/support/nfc-bank/',
    t('NFC payments'),
    t('Banks and cards that work with NFC payments on Xiaomi devices.'),
    [t('Add a supported card to Google Wallet to pay with your phone or band.')],
    undefined,
    ['id', 'my', 'th', 'in', 'sg', 'ph'],
  ),
  supportPage('/support/hyperos/', t('Xiaomi HyperOS'), t('Updates and features of Xiaomi HyperOS.'), [
    t('Check Settings > About phone for the latest HyperOS update.'),
  ]),
  supportPage('/support/xiaomi-care/', t('Xiaomi Care'), t('Extended warranty and accidental damage protection.'), [
    t('Xiaomi Care covers accidental damage for 24 months, with up to 2 claims per year.'),
  ]),
  supportPage(
    '/support/scooter-safety-notice/',
    t('Scooter safety notice'),
    t('Ride safely and check your scooter regularly.'),
    [t('Always wear a helmet, follow local traffic rules and check the brakes and tyres before each ride.')],
  ),
  supportPage('/support/safety-notice/', t('Power bank safety notice'), t('Compliance and safe use of power banks.'), [
    t('Do not expose power banks to heat or water; stop using a swollen power bank and contact support.'),
  ]),
  supportPage(
    '/support/documents/declaration-of-conformity/',
    t('EU declaration of conformity'),
    t('Radio Equipment Directive declarations.'),
    [t('Xiaomi declares that the radio equipment it sells complies with Directive 2014/53/EU.')],
    undefined,
    euCountries,
  ),
  supportPage(
    '/support/guidance/',
    t('Buying guidance'),
    t('How ordering, payment and delivery work.'),
    [
      t(
        'Add products to your cart, check out with your preferred payment method and follow the delivery in My orders.',
      ),
    ],
    1,
  ),
  supportPage(
    '/certification/compliance/',
    t('Compliance information'),
    t('Certifications and registrations required by local regulators.'),
    [
      t('Registration numbers and certificates of the products sold in this country.'),
      t('Each product page lists its model number; search for it here or ask support for a copy of a certificate.'),
    ],
  ),
];

/** Index pages of the support area: a short introduction, then one banner link per page they gather. */
function indexPage(
  path: string,
  title: Localized,
  description: Localized,
  intro: Localized,
  links: { title: Localized; text: Localized; url: string }[],
): ContentPage {
  return page(path, 'support', title, description, [
    text([intro]),
    ...links.map((link) => banner(link.title, 'support', link.url, link.text)),
  ]);
}

const termsOfSaleLink = {
  title: t('Terms of sale'),
  text: t('Orders, prices, payment and delivery.'),
  url: '/support/terms/terms-of-sale/',
};
const termsOfUseLink = {
  title: t('Terms of use'),
  text: t('Rules for using this website.'),
  url: '/support/terms/terms-of-use/',
};
const cookiePolicyLink = {
  title: t('Cookie policy'),
  text: t('Which cookies we use and how to change your choices.'),
  url: '/support/policy/cookie-policy/',
};
const privacyPolicyLink = {
  title: t('Privacy policy'),
  text: t('How we collect, use and protect your personal data.'),
  url: '/support/policy/privacy-policy/',
};

/** Support pages that gather or explain legal and product documents. */
const documentPages: ContentPage[] = [
  indexPage(
    '/support/terms-policy/',
    t('Terms and policies'),
    t('All terms and policies of this store in one place.'),
    t(
      'These terms and policies apply when you browse and buy on this store. Each page shows the date of ' +
        'its last update.',
    ),
    [
      termsOfSaleLink,
      termsOfUseLink,
      { title: t('Policies'), text: t('Privacy, cookies and other policies.'), url: '/support/policy/' },
    ],
  ),
  indexPage(
    '/support/policy/',
    t('Policies'),
    t('Privacy, cookie and other policies of Xiaomi.'),
    t('Read how we handle your data and which cookies this site uses. You can change your cookie choices at any time.'),
    [privacyPolicyLink, cookiePolicyLink],
  ),
  supportPage(
    '/support/warranty/',
    t('Warranty periods and coverage'),
    t('How long each type of Xiaomi product is covered and how to make a warranty claim.'),
    [
      t(
        'The warranty covers defects in materials and workmanship from the date on your proof of purchase. ' +
          'Batteries, chargers and cables may have a shorter period than the device; refurbished devices ' +
          'carry a one-year warranty.',
      ),
      t(
        'Damage from drops, liquids or unauthorised repair is not covered; Xiaomi Care adds accidental ' +
          'damage protection for 24 months.',
      ),
      t('To make a claim, keep your proof of purchase and request after-sales service online or at a service centre.'),
    ],
    3,
  ),
  indexPage(
    '/support/documents/',
    t('Product documents'),
    t('Safety information, radio exposure values and other documents for Xiaomi products.'),
    t('Documents that come with Xiaomi products, kept here so you can read them again at any time.'),
    [
      {
        title: t('Battery and charging safety'),
        text: t('Safe charging, storage and disposal of batteries.'),
        url: '/support/documents/battery-safety/',
      },
      {
        title: t('Radio frequency exposure (SAR)'),
        text: t('SAR values of Xiaomi phones and tablets.'),
        url: '/support/documents/sar-information/',
      },
    ],
  ),
  supportPage(
    '/support/documents/battery-safety/',
    t('Battery and charging safety'),
    t('How to charge, store and dispose of the batteries in Xiaomi devices safely.'),
    [
      t(
        'Use the charger and cable supplied with the device or a certified replacement. Do not charge in ' +
          'direct sunlight or under a pillow.',
      ),
      t(
        'Store devices between 0 °C and 35 °C. Do not open, puncture or crush the battery; take used ' +
          'batteries to a collection point.',
      ),
    ],
  ),
  supportPage(
    '/support/documents/sar-information/',
    t('Radio frequency exposure (SAR)'),
    t('Specific absorption rate (SAR) values of Xiaomi phones and tablets.'),
    [
      t(
        'Every Xiaomi phone and tablet is tested to stay below the SAR limits of the country it is sold ' +
          'in. The values of your model are printed in its user guide and under Settings > About phone > ' +
          'Legal information.',
      ),
      t('To reduce exposure, use a headset or the loudspeaker for long calls.'),
    ],
  ),
  indexPage(
    '/support/user-guide-pdf/',
    t('User guides to download (PDF)'),
    t('Printable PDF user guides for Xiaomi phones and devices.'),
    t('Choose your product to open its user guide. Each guide covers setup, safety and regulatory information.'),
    [
      {
        title: t('Xiaomi 15T Pro user guide'),
        text: t('Setup, charging and safety.'),
        url: '/support/user-guide-pdf/xiaomi-15t-pro/',
      },
      {
        title: t('Redmi Note 14 Pro user guide'),
        text: t('Setup, charging and safety.'),
        url: '/support/user-guide-pdf/redmi-note-14-pro/',
      },
    ],
  ),
  supportPage(
    '/support/user-guide-pdf/xiaomi-15t-pro/',
    t('Xiaomi 15T Pro user guide'),
    t('Setup, charging, safety and regulatory information for Xiaomi 15T Pro.'),
    [
      t(
        'Getting started: insert the SIM card with the supplied eject pin, press and hold the power button ' +
          'and follow the steps on screen.',
      ),
      t(
        'Charging: the 90W HyperCharge charger fills the 5500mAh battery in about 35 minutes; 50W wireless ' +
          'charging needs a Xiaomi wireless charging stand.',
      ),
      t(
        'Safety: read the battery and charging safety document before first use. Model number, SAR values ' +
          'and declarations are under Settings > About phone > Legal information.',
      ),
    ],
  ),
  supportPage(
    '/support/user-guide-pdf/redmi-note-14-pro/',
    t('Redmi Note 14 Pro user guide'),
    t('Setup, charging, safety and regulatory information for Redmi Note 14 Pro.'),
    [
      t(
        'Getting started: insert the SIM card with the supplied eject pin, press and hold the power button ' +
          'and follow the steps on screen.',
      ),
      t(
        'Charging: use the supplied 45W charger; the device stops fast charging when it gets warm to ' +
          'protect the battery.',
      ),
      t('Water and dust: the phone is rated IP64; do not charge it while the port is wet.'),
    ],
  ),
  supportPage(
    '/regulatoryinfo/subtel/',
    t('SUBTEL regulatory information'),
    t('Chile’s SUBTEL approvals and frequency bands of Xiaomi phones.'),
    [
      t(
        'SUBTEL, Chile’s Undersecretariat of Telecommunications, requires phones sold in Chile to declare ' +
          'the frequency bands they support and whether they work with the national emergency alert system ' +
          '(SAE).',
      ),
      t(
        'Every Xiaomi, Redmi and POCO phone sold in Chile is SUBTEL approved, supports the 700 MHz band ' +
          'and is compatible with SAE. The approval number is printed on the box and under Settings > About ' +
          'phone > Legal information.',
      ),
    ],
  ),
];

const eventPages: ContentPage[] = [
  page(
    '/event/black-friday-2026/',
    'event',
    t('Black Friday 2026'),
    t('The biggest deals of the year on Xiaomi phones, TVs and smart home.'),
    [
      hero(t('Black Friday'), t('Up to 30% off.'), 'event', shopNow, '/store/daily-picks/'),
      countdown(t('Black Friday'), { startsAt: '2026-11-27T00:00:00Z', endsAt: '2026-11-30T23:59:59Z' }),
      row(popular, [
        'xiaomi-15t',
        'redmi-note-14-pro-plus-5g',
        'xiaomi-tv-a-pro-55',
        'robot-vacuum-s20',
        'xiaomi-smart-band-9',
      ]),
    ],
  ),
  page('/event/new-year-2027/', 'event', t('New Year sale 2027'), t('Start the year with a new device.'), [
    countdown(t('New Year sale 2027'), { startsAt: '2027-01-01T00:00:00Z', endsAt: '2027-01-08T00:00:00Z' }),
    row(popular, ['xiaomi-15', 'redmi-pad-2', 'xiaomi-watch-s4']),
  ]),
  page(
    '/poco/',
    'event',
    t('POCO'),
    t('POCO phones: flagship performance, fair price.'),
    [
      hero(
        t('Everything you need, nothing you don’t'),
        t('POCO F7 Series.'),
        'poco',
        shopNow,
        '/product-list/phones/poco-series/',
      ),
      row(popular, ['poco-f7-pro', 'poco-f7', 'poco-x7-pro', 'poco-m7-pro-5g']),
    ],
    pocoCountries,
  ),
  page('/store/', 'event', t('Xiaomi Store events'), t('What is on at Xiaomi Store this month.'), [
    banner(t('This month in store'), 'store', '/store/xiaomi-store/'),
  ]),
  page('/web/store/', 'event', t('Online store specials'), t('Offers available only on the online store.'), [
    row(popular, ['redmi-note-14-5g', 'redmi-buds-6-pro', 'xiaomi-magnetic-power-bank-5000mah']),
  ]),
  page(
    '/appdownload/',
    'event',
    t('Download the Xiaomi Store app'),
    t('App-only coupons and early access to launches.'),
    [hero(t('Get the app'), t('Scan the QR code in the footer.'), 'app', learnMore, '/appdownload/transfer/')],
  ),
  page('/appdownload/transfer/', 'event', t('Move to the app'), t('Your cart and account come with you to the app.'), [
    text([t('Sign in to the app with the same Xiaomi Account to see your cart and orders.')]),
  ]),
  page(
    '/blog/hyperos-3-tips/',
    'event',
    t('Ten HyperOS 3 tips'),
    t('Get more from your Xiaomi phone with these HyperOS 3 features.'),
    [
      text(
        [
          t('Use HyperIsland to follow deliveries and timers at a glance.'),
          t('Share files with nearby Xiaomi devices in one tap.'),
        ],
        t('Tips'),
      ),
    ],
  ),
  page(
    '/blog/choosing-a-robot-vacuum/',
    'event',
    t('Choosing a robot vacuum'),
    t('Suction, navigation and mopping explained.'),
    [
      text([t('Laser navigation maps rooms precisely; higher suction (Pa) helps on carpets.')]),
      row(popular, ['robot-vacuum-s20', 'xiaomi-robot-vacuum-s40', 'xiaomi-robot-vacuum-x20-plus']),
    ],
  ),
];

export function buildPages(): Record<string, PagesSnapshot> {
  return {
    'content-pages.json': { pages: contentPages },
    'support-pages.json': { pages: [...supportPages, ...documentPages] },
    'event-pages.json': { pages: eventPages },
  };
}
