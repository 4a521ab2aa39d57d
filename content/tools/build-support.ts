/** Support FAQ and help articles, written in English; their translations are in content/copy/<language>.json. */
import type { ArticlesSnapshot } from '../schemas/articles.schema';
import type { FaqSnapshot } from '../schemas/faq.schema';
import type { Localized } from '../schemas/common.schema';
import { copyText } from './copy-texts';

/** A text written in English, with its translations from the copy catalogues. */
const t = copyText;
type Qa = [question: Localized, ...answer: Localized[]];

const faqSource: [title: Localized, items: Qa[]][] = [
  [
    t('Orders and payment'),
    [
      [
        t('How do I place an order?'),
        t('Add the products to your cart, choose Check out, enter your address and pay.'),
      ],
      [
        t('Which payment methods can I use?'),
        t('Cards, bank transfer, e-wallets and instalments are available; the list depends on your country.'),
      ],
      [
        t('Can I change my order after paying?'),
        t('You can change the delivery address once while the order is processing.'),
        t('To change products, cancel the order and place a new one.'),
      ],
      [t('Why can’t I place a new order?'), t('An unpaid order blocks new orders. Pay for it or cancel it first.')],
    ],
  ],
  [
    t('Delivery'),
    [
      [t('How long does delivery take?'), t('Most orders arrive in 2 to 5 working days.')],
      [t('How do I track my order?'), t('Open My orders and choose Track.')],
      [t('Do you deliver to other countries?'), t('No. Each store delivers only within its own country.')],
      [t('Is there free shipping?'), t('Orders above the free-shipping threshold shown at checkout ship for free.')],
    ],
  ],
  [
    t('Returns and warranty'),
    [
      [t('How do I return a product?'), t('Request a return in My orders within 14 days of delivery.')],
      [t('When do I get my refund?'), t('Refunds are made within 15 working days after we receive the product.')],
      [
        t('What does the warranty cover?'),
        t('Manufacturing defects under normal use. Accidental damage needs Xiaomi Care.'),
      ],
      [t('Do refurbished phones have a warranty?'), t('Yes, one year, plus a 15-day cooling-off period.')],
    ],
  ],
  [
    t('Account and coupons'),
    [
      [t('How do I create an account?'), t('Choose Sign in / Sign up in the header and follow the steps.')],
      [t('How many coupons can I use?'), t('One coupon per purchase.')],
      [
        t('What are Mi Points?'),
        t(
          'Points you earn on orders. They can pay up to 20% of the discounted price, and checkout shows ' +
            'what yours are worth.',
        ),
      ],
      [t('How do I unsubscribe from emails?'), t('Use the unsubscribe link at the bottom of any email.')],
    ],
  ],
  [
    t('Trade-in'),
    [
      [t('Which devices can I trade in?'), t('Phones of most brands in working condition.')],
      [t('When is my old device collected?'), t('Within 7 days of delivering your new device.')],
      [t('Can I cancel a trade-in?'), t('Yes, until the exchange coupon is redeemed.')],
      [t('How many devices can I trade in?'), t('One device per exchange.')],
    ],
  ],
  [
    t('Devices and software'),
    [
      [t('How do I update HyperOS?'), t('Go to Settings > About phone > HyperOS version.')],
      [
        t('How do I find my IMEI?'),
        // The Arabic keeps the dialling code in a left-to-right isolate so that it reads *#06#, not #06#*.
        t('Dial *#06#. The IMEI has 15 digits.'),
      ],
      [t('How do I connect a device to Xiaomi Home?'), t('Open the app, tap + and follow the pairing steps.')],
      [
        t('My scooter shows an error code. What now?'),
        t('Check the code in the Xiaomi Home app and contact support if it stays.'),
      ],
    ],
  ],
];

export function buildFaq(): FaqSnapshot {
  let id = 1000;
  return {
    categories: faqSource.map(([title, items], c) => ({
      categoryNumber: c + 1,
      title,
      items: items.map(([question, ...answer], i) => ({ index: i + 1, id: String(++id), question, answer })),
    })),
  };
}

type ArticleSource = [
  category: ArticlesSnapshot['articles'][number]['category'],
  updatedAt: string,
  title: Localized,
  summary: Localized,
  body: Localized[],
];

const articleSource: ArticleSource[] = [
  [
    'phone',
    '2026-10-02',
    t('Transfer data to your new Xiaomi phone'),
    t('Move contacts, photos and apps in a few steps.'),
    [
      t('Install Xiaomi Mi Mover on both phones.'),
      t('Scan the code on the new phone with the old one and choose what to copy.'),
    ],
  ],
  [
    'phone',
    '2026-09-18',
    t('Extend battery life'),
    t('Settings that make a charge last longer.'),
    [
      t('Turn on Battery saver and lower the refresh rate when you need more hours.'),
      t('Avoid leaving the phone in the sun while charging.'),
    ],
  ],
  [
    'phone',
    '2026-08-05',
    t('Set up eSIM'),
    t('Activate an eSIM profile from your carrier.'),
    [t('Go to Settings > SIM cards & mobile networks > Add eSIM.'), t('Scan the QR code your carrier gave you.')],
  ],
  [
    'smart-home',
    '2026-10-12',
    t('Map your home with a robot vacuum'),
    t('Create a map and no-go zones.'),
    [t('Run a first full clean with all doors open.'), t('Edit rooms and no-go zones in the Xiaomi Home app.')],
  ],
  [
    'smart-home',
    '2026-07-21',
    t('Replace the air purifier filter'),
    t('When and how to change the filter.'),
    [
      t('The app shows the remaining filter life.'),
      t('Open the back cover, take out the old filter and insert the new one with the tab outwards.'),
    ],
  ],
  [
    'smart-home',
    '2026-06-30',
    t('Set up Xiaomi TV with Google TV'),
    t('Connect, sign in and install apps.'),
    [t('Connect to Wi-Fi and sign in with your Google Account.'), t('Choose your streaming apps during setup.')],
  ],
  [
    'smart-office',
    '2026-09-09',
    t('Use your tablet as a second screen'),
    t('Extend your laptop display with Xiaomi Pad.'),
    [t('Turn on Home screen > Cross-device display on both devices.'), t('Drag windows between the screens.')],
  ],
  [
    'smart-office',
    '2026-05-14',
    t('Set up a mesh Wi-Fi network'),
    t('Cover every room with Xiaomi Mesh System.'),
    [t('Connect the main unit to your modem and place the second unit halfway to the far rooms.')],
  ],
  [
    'lifestyle',
    '2026-10-20',
    t('Care for your electric scooter'),
    t('Checks that keep every ride safe.'),
    [
      t('Check tyre pressure weekly and the brakes before each ride.'),
      t('Store and charge the scooter indoors at room temperature.'),
    ],
  ],
  [
    'lifestyle',
    '2026-04-02',
    t('Pair earbuds with two devices'),
    t('Switch between phone and laptop automatically.'),
    [t('Turn on dual connection in the Xiaomi Earbuds app.')],
  ],
  [
    'after-sales',
    '2026-10-28',
    t('Request a repair online'),
    t('Send your device for repair without leaving home.'),
    [
      t('Open Support > After-sales > Apply, describe the issue in 6 to 300 characters and upload proof of purchase.'),
      t('Follow the repair in Service progress.'),
    ],
  ],
  [
    'after-sales',
    '2026-03-11',
    t('Returns and refunds explained'),
    t('Time limits and how the money comes back.'),
    [
      t('You have 14 days from delivery to return a product; refurbished products have 15 days.'),
      t('Refunds go back to the original payment method within 15 working days.'),
    ],
  ],
];

export function buildArticles(): ArticlesSnapshot {
  return {
    articles: articleSource.map(([category, updatedAt, title, summary, body], i) => ({
      articleId: String(5001 + i),
      title,
      summary,
      body,
      category,
      updatedAt,
    })),
  };
}
