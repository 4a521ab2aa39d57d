/**
 * The review snapshot: a modest set of published reviews per product in the countries with their
 * own review texts (id, de, fr, es, in, ae), written in the country's language, deterministic (the same every
 * regeneration, so ids, dates and likes stay put). Some products get none, so the "no reviews yet" state exists.
 */
import type { Product } from '../schemas/products.schema';
import type { ReviewsSnapshot, SeedReview } from '../schemas/reviews.schema';
import { unit } from './hash';

/** unit() with a final avalanche: seeds differing only in their last character must not give near-equal values. */
function rnd(seed: string): number {
  let h = Math.floor(unit(seed) * 0xffffffff) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 0x100000000;
}

type Texts = Record<1 | 2 | 3 | 4 | 5, readonly string[]>;

const TEXTS: Record<string, Texts> = {
  id: {
    5: [
      'Barang original, pengiriman cepat dan dikemas rapi. Sangat puas!',
      'Performa kencang, baterai awet seharian. Recommended seller.',
      'Kualitas mantap untuk harganya, layar jernih sekali.',
    ],
    4: ['Bagus dan sesuai deskripsi, hanya pengiriman agak lama.', 'Produk oke, fiturnya lengkap. Semoga awet.'],
    3: [
      'Cukup bagus, tapi ada beberapa fitur yang kurang intuitif.',
      'Standar untuk kelasnya, tidak ada yang istimewa.',
    ],
    2: ['Kemasan penyok saat sampai, produknya sih berfungsi.'],
    1: ['Kurang puas, harus klaim garansi setelah seminggu.'],
  },
  de: {
    5: [
      'Hervorragende Verarbeitung und schnelle Lieferung. Absolut empfehlenswert!',
      'Top Preis-Leistungs-Verhältnis, der Akku hält locker zwei Tage.',
      'Läuft flüssig, Einrichtung in wenigen Minuten erledigt.',
    ],
    4: [
      'Sehr gutes Gerät, nur die Anleitung könnte ausführlicher sein.',
      'Alles wie beschrieben, Lieferung einen Tag später als angekündigt.',
    ],
    3: ['Solide, aber nichts Besonderes für den Preis.', 'Funktioniert, die App ist allerdings etwas umständlich.'],
    2: ['Verpackung beschädigt, Gerät funktioniert aber.'],
    1: ['Leider nach kurzer Zeit defekt, Austausch läuft.'],
  },
  fr: {
    5: [
      'Excellent produit, livraison rapide et emballage soigné. Je recommande !',
      'Très fluide, autonomie impressionnante. Ravi de mon achat.',
      'Qualité au rendez-vous pour ce prix, écran superbe.',
    ],
    4: [
      'Très bon appareil, la notice pourrait être plus claire.',
      'Conforme à la description, livraison un peu lente.',
    ],
    3: ['Correct, mais rien d’exceptionnel pour le prix.', 'Fonctionne bien, l’application est un peu compliquée.'],
    2: ['Carton abîmé à la réception, l’appareil fonctionne quand même.'],
    1: ['Tombé en panne après une semaine, échange en cours.'],
  },
  es: {
    5: [
      'Producto excelente, envío rápido y bien embalado. ¡Lo recomiendo!',
      'Muy fluido y la batería dura todo el día. Encantado.',
      'Gran calidad por su precio, la pantalla se ve genial.',
    ],
    4: ['Muy buen equipo, el manual podría ser más claro.', 'Tal como se describe, el envío tardó un día más.'],
    3: ['Correcto, pero nada especial para lo que cuesta.', 'Funciona bien, aunque la app es algo confusa.'],
    2: ['La caja llegó dañada, el aparato funciona.'],
    1: ['Dejó de funcionar a la semana, estoy tramitando el cambio.'],
  },
  en: {
    5: [
      'Excellent build quality and quick delivery. Highly recommended!',
      'Smooth performance and the battery easily lasts a full day.',
      'Great value for money, the display is stunning.',
    ],
    4: ['Very good device, the manual could be clearer.', 'As described, delivery took a day longer than promised.'],
    3: ['Decent, but nothing special for the price.', 'Works fine, the companion app is a bit clumsy.'],
    2: ['The box arrived dented, the device works though.'],
    1: ['Stopped working after a week, replacement in progress.'],
  },
  ar: {
    5: [
      'جودة ممتازة وتوصيل سريع وتغليف محكم. أنصح به بشدة!',
      'أداء سلس والبطارية تدوم يومًا كاملًا بسهولة.',
      'قيمة رائعة مقابل السعر، والشاشة مذهلة.',
    ],
    4: ['جهاز جيد جدًا، لكن دليل الاستخدام يحتاج إلى وضوح أكثر.', 'مطابق للوصف، تأخر التوصيل يومًا واحدًا.'],
    3: ['مقبول، لكن لا شيء مميز مقابل السعر.', 'يعمل جيدًا، لكن التطبيق مربك قليلًا.'],
    2: ['وصل الصندوق متضررًا، لكن الجهاز يعمل.'],
    1: ['توقف عن العمل بعد أسبوع، والاستبدال قيد التنفيذ.'],
  },
};

/** The countries with seed reviews, the language of their texts and the names of their reviewers. */
const COUNTRIES: readonly { local: string; lang: keyof typeof TEXTS; names: readonly string[] }[] = [
  {
    local: 'id',
    lang: 'id',
    names: ['Budi Santoso', 'Siti Rahma', 'Agus Pratama', 'Dewi Lestari', 'Rizky Hidayat', 'Putri Ayu'],
  },
  {
    local: 'de',
    lang: 'de',
    names: ['Jonas Weber', 'Lena Fischer', 'Maximilian Braun', 'Sophie Wagner', 'Felix Schmidt'],
  },
  {
    local: 'fr',
    lang: 'fr',
    names: ['Camille Martin', 'Lucas Bernard', 'Chloé Dubois', 'Hugo Laurent', 'Manon Petit'],
  },
  {
    local: 'es',
    lang: 'es',
    names: ['Lucía García', 'Pablo Fernández', 'Carmen López', 'Javier Martín', 'Sofía Ruiz'],
  },
  { local: 'in', lang: 'en', names: ['Aarav Sharma', 'Priya Patel', 'Rohan Gupta', 'Ananya Iyer', 'Vikram Singh'] },
  { local: 'ae', lang: 'ar', names: ['أحمد المنصوري', 'فاطمة الحمادي', 'خالد الشامسي', 'مريم الكعبي', 'Omar Haddad'] },
];

/** An anonymous review shows the first and last characters only ("B***i"); server/reviews/rules.ts does the same. */
function mask(name: string): string {
  const chars = Array.from(name.trim());
  return chars.length > 1 ? `${chars[0]}***${chars[chars.length - 1]}` : `${chars[0] ?? ''}***`;
}

/** Mostly good scores, as a store's real reviews are: 5 (45 %), 4 (30 %), 3 (15 %), 2 (7 %), 1 (3 %). */
function scoreOf(x: number): 1 | 2 | 3 | 4 | 5 {
  if (x < 0.45) return 5;
  if (x < 0.75) return 4;
  if (x < 0.9) return 3;
  if (x < 0.97) return 2;
  return 1;
}

const pick = <T>(list: readonly T[], x: number): T => list[Math.min(list.length - 1, Math.floor(x * list.length))]!;
const FIRST_DAY = Date.UTC(2025, 5, 1, 8, 0, 0);

export function buildReviews(products: readonly Product[]): ReviewsSnapshot {
  const reviews: SeedReview[] = [];
  for (const country of COUNTRIES) {
    for (const product of products) {
      if (!product.commodities.some((c) => c.offers?.[country.local] !== undefined)) continue;
      // 0–4 reviews per product; about one product in six has none yet.
      const count = Math.floor(rnd(`reviews:${country.local}:${product.id}`) * 5);
      for (let n = 0; n < count; n++) {
        const seed = `${country.local}:${product.id}:${n}`;
        const score = scoreOf(rnd(`score:${seed}`));
        const name = pick(country.names, rnd(`name:${seed}`));
        const anonymous = rnd(`anon:${seed}`) < 0.3;
        const day = Math.floor(rnd(`day:${seed}`) * 300);
        reviews.push({
          id: `${country.local}-${product.id}-${n + 1}`,
          local: country.local,
          productId: product.id,
          score,
          text: pick(TEXTS[country.lang]![score], rnd(`text:${seed}`)),
          author: anonymous ? mask(name) : name,
          anonymous,
          createdAt: new Date(FIRST_DAY + day * 86_400_000 + n * 3_600_000).toISOString(),
          ...(rnd(`photo:${seed}`) < 0.15 ? { photos: [product.image] } : {}),
          likes: Math.floor(rnd(`likes:${seed}`) * 40),
        });
      }
    }
  }
  return { reviews };
}
