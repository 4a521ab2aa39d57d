/**
 * Localized product copy for the generator: category templates filled with the product's name and headline
 * feature, and spec labels. Languages: en, id, de, fr, es, ar (others fall back to en, contracts.md).
 */
import type { ProductCategory } from '../schemas/products.schema';
import type { SpecKey } from './product-defs';

export const copyLanguages = ['en', 'id', 'de', 'fr', 'es', 'ar'] as const;
export type CopyLanguage = (typeof copyLanguages)[number];
type Texts = Record<CopyLanguage, string>;

export const taglines: Record<ProductCategory, Texts> = {
  phones: { en: '{headline}. Built for every moment.', id: '{headline}. Dibuat untuk setiap momen.', de: '{headline}. Gemacht für jeden Moment.', fr: '{headline}. Conçu pour chaque instant.', es: '{headline}. Hecho para cada momento.', ar: '{headline}. مصمم لكل لحظة.' },
  tvs: { en: '{headline} picture for the whole family', id: 'Gambar {headline} untuk seluruh keluarga', de: '{headline}-Bild für die ganze Familie', fr: 'Image {headline} pour toute la famille', es: 'Imagen {headline} para toda la familia', ar: 'صورة {headline} للعائلة كلها' },
  wearables: { en: '{headline}, all day long', id: '{headline}, sepanjang hari', de: '{headline}, den ganzen Tag', fr: '{headline}, toute la journée', es: '{headline}, todo el día', ar: '{headline} طوال اليوم' },
  tablets: { en: '{headline} screen for work and play', id: 'Layar {headline} untuk kerja dan hiburan', de: '{headline}-Display für Arbeit und Freizeit', fr: 'Écran {headline} pour travailler et se divertir', es: 'Pantalla {headline} para trabajar y jugar', ar: 'شاشة {headline} للعمل والترفيه' },
  scooters: { en: 'Up to {headline} on a single charge', id: 'Hingga {headline} dalam sekali isi daya', de: 'Bis zu {headline} mit einer Akkuladung', fr: "Jusqu'à {headline} avec une seule charge", es: 'Hasta {headline} con una sola carga', ar: 'حتى {headline} بشحنة واحدة' },
  appliances: { en: '{headline} for a cleaner, smarter home', id: '{headline} untuk rumah yang lebih bersih dan pintar', de: '{headline} für ein saubereres, smarteres Zuhause', fr: '{headline} pour une maison plus propre et plus intelligente', es: '{headline} para un hogar más limpio e inteligente', ar: '{headline} لمنزل أنظف وأذكى' },
  accessories: { en: '{headline}, ready when you are', id: '{headline}, siap kapan pun Anda siap', de: '{headline}, immer bereit', fr: '{headline}, toujours prêt', es: '{headline}, siempre a punto', ar: '{headline}، جاهز متى احتجت إليه' },
  refurbished: { en: 'Certified refurbished, {headline} inside', id: 'Rekondisi bersertifikat, dengan {headline}', de: 'Zertifiziert generalüberholt, mit {headline}', fr: 'Reconditionné certifié, avec {headline}', es: 'Reacondicionado certificado, con {headline}', ar: 'مجدد ومعتمد، مع {headline}' },
};

export const descriptions: Record<ProductCategory, Texts> = {
  phones: {
    en: '{name} pairs a {display} display with {camera} and a {battery} battery, so your day never stops at the charger.',
    id: '{name} memadukan layar {display}, kamera {camera}, dan baterai {battery}, sehingga hari Anda tidak berhenti di pengisi daya.',
    de: '{name} kombiniert ein {display}-Display mit {camera} und einem {battery}-Akku – Ihr Tag endet nicht am Ladegerät.',
    fr: '{name} associe un écran {display}, un appareil photo {camera} et une batterie de {battery} : votre journée ne s’arrête pas au chargeur.',
    es: '{name} combina una pantalla {display}, cámara {camera} y una batería de {battery}, para que tu día no se detenga en el cargador.',
    ar: 'يجمع {name} بين شاشة {display} وكاميرا {camera} وبطارية {battery}، فلا يتوقف يومك عند الشاحن.',
  },
  tvs: {
    en: '{name} brings {resolution} picture and {connectivity} to your living room.',
    id: '{name} menghadirkan gambar {resolution} dan {connectivity} ke ruang keluarga Anda.',
    de: '{name} bringt {resolution}-Bild und {connectivity} in Ihr Wohnzimmer.',
    fr: '{name} apporte une image {resolution} et {connectivity} dans votre salon.',
    es: '{name} lleva imagen {resolution} y {connectivity} a tu salón.',
    ar: 'يقدم {name} صورة {resolution} و{connectivity} إلى غرفة معيشتك.',
  },
  wearables: {
    en: '{name} keeps up with your routine: {batteryLife} of battery life and {water} water resistance.',
    id: '{name} mengikuti rutinitas Anda: daya tahan baterai {batteryLife} dan ketahanan air {water}.',
    de: '{name} hält mit Ihrem Alltag Schritt: {batteryLife} Akkulaufzeit und Wasserschutz nach {water}.',
    fr: '{name} suit votre rythme : {batteryLife} d’autonomie et une résistance à l’eau {water}.',
    es: '{name} sigue tu ritmo: {batteryLife} de autonomía y resistencia al agua {water}.',
    ar: 'يواكب {name} روتينك: عمر بطارية {batteryLife} ومقاومة للماء {water}.',
  },
  tablets: {
    en: '{name} has a {display} display and {processor}, ready for notes, films and games.',
    id: '{name} memiliki layar {display} dan {processor}, siap untuk catatan, film, dan game.',
    de: '{name} bietet ein {display}-Display und {processor} – bereit für Notizen, Filme und Spiele.',
    fr: '{name} dispose d’un écran {display} et d’un {processor}, prêt pour les notes, les films et les jeux.',
    es: '{name} tiene pantalla {display} y {processor}, lista para notas, películas y juegos.',
    ar: 'يأتي {name} بشاشة {display} ومعالج {processor}، جاهز للملاحظات والأفلام والألعاب.',
  },
  scooters: {
    en: '{name} rides up to {range} at {speed} with a {motor} motor. Always follow local traffic rules.',
    id: '{name} melaju hingga {range} dengan kecepatan {speed} dan motor {motor}. Selalu patuhi peraturan lalu lintas setempat.',
    de: '{name} fährt bis zu {range} mit {speed} und einem Motor mit {motor}. Beachten Sie die örtlichen Verkehrsregeln.',
    fr: '{name} roule jusqu’à {range} à {speed} avec un moteur de {motor}. Respectez le code de la route local.',
    es: '{name} recorre hasta {range} a {speed} con un motor de {motor}. Respeta siempre las normas de tráfico locales.',
    ar: 'يقطع {name} حتى {range} بسرعة {speed} مع محرك {motor}. التزم دائمًا بقواعد المرور المحلية.',
  },
  appliances: {
    en: '{name} works quietly in the background and is controlled from the Xiaomi Home app.',
    id: '{name} bekerja dengan senyap dan dapat dikendalikan dari aplikasi Xiaomi Home.',
    de: '{name} arbeitet leise im Hintergrund und wird über die Xiaomi Home App gesteuert.',
    fr: '{name} travaille en silence et se contrôle depuis l’application Xiaomi Home.',
    es: '{name} trabaja en silencio y se controla desde la app Xiaomi Home.',
    ar: 'يعمل {name} بهدوء في الخلفية ويمكن التحكم به من تطبيق Xiaomi Home.',
  },
  accessories: {
    en: '{name}: a dependable companion for your Xiaomi devices.',
    id: '{name}: pendamping andal untuk perangkat Xiaomi Anda.',
    de: '{name}: ein zuverlässiger Begleiter für Ihre Xiaomi-Geräte.',
    fr: '{name} : un compagnon fiable pour vos appareils Xiaomi.',
    es: '{name}: un compañero fiable para tus dispositivos Xiaomi.',
    ar: '{name}: رفيق موثوق لأجهزة Xiaomi الخاصة بك.',
  },
  refurbished: {
    en: '{name} is inspected, repaired where needed and tested by Xiaomi, with a {warranty}-month warranty.',
    id: '{name} telah diperiksa, diperbaiki bila perlu, dan diuji oleh Xiaomi, dengan garansi {warranty} bulan.',
    de: '{name} wurde von Xiaomi geprüft, bei Bedarf repariert und getestet – mit {warranty} Monaten Garantie.',
    fr: '{name} est inspecté, réparé si nécessaire et testé par Xiaomi, avec une garantie de {warranty} mois.',
    es: '{name} ha sido inspeccionado, reparado si hacía falta y probado por Xiaomi, con {warranty} meses de garantía.',
    ar: 'تم فحص {name} وإصلاحه عند الحاجة واختباره من Xiaomi، مع ضمان لمدة {warranty} شهرًا.',
  },
};

export const specLabels: Record<SpecKey, Texts> = {
  display: { en: 'Display', id: 'Layar', de: 'Display', fr: 'Écran', es: 'Pantalla', ar: 'الشاشة' },
  processor: { en: 'Processor', id: 'Prosesor', de: 'Prozessor', fr: 'Processeur', es: 'Procesador', ar: 'المعالج' },
  camera: { en: 'Main camera', id: 'Kamera utama', de: 'Hauptkamera', fr: 'Appareil photo principal', es: 'Cámara principal', ar: 'الكاميرا الرئيسية' },
  battery: { en: 'Battery', id: 'Baterai', de: 'Akku', fr: 'Batterie', es: 'Batería', ar: 'البطارية' },
  charging: { en: 'Fast charging', id: 'Pengisian cepat', de: 'Schnellladen', fr: 'Charge rapide', es: 'Carga rápida', ar: 'الشحن السريع' },
  weight: { en: 'Weight', id: 'Berat', de: 'Gewicht', fr: 'Poids', es: 'Peso', ar: 'الوزن' },
  screen: { en: 'Screen size', id: 'Ukuran layar', de: 'Bildschirmgröße', fr: 'Taille d’écran', es: 'Tamaño de pantalla', ar: 'حجم الشاشة' },
  resolution: { en: 'Resolution', id: 'Resolusi', de: 'Auflösung', fr: 'Résolution', es: 'Resolución', ar: 'الدقة' },
  refresh: { en: 'Refresh rate', id: 'Refresh rate', de: 'Bildwiederholrate', fr: 'Taux de rafraîchissement', es: 'Frecuencia de actualización', ar: 'معدل التحديث' },
  range: { en: 'Range', id: 'Jarak tempuh', de: 'Reichweite', fr: 'Autonomie', es: 'Autonomía', ar: 'المدى' },
  speed: { en: 'Top speed', id: 'Kecepatan maks.', de: 'Höchstgeschwindigkeit', fr: 'Vitesse max.', es: 'Velocidad máx.', ar: 'السرعة القصوى' },
  motor: { en: 'Motor', id: 'Motor', de: 'Motor', fr: 'Moteur', es: 'Motor', ar: 'المحرك' },
  suction: { en: 'Suction power', id: 'Daya hisap', de: 'Saugleistung', fr: 'Puissance d’aspiration', es: 'Potencia de succión', ar: 'قوة الشفط' },
  coverage: { en: 'Coverage', id: 'Cakupan', de: 'Raumgröße', fr: 'Surface couverte', es: 'Cobertura', ar: 'مساحة التغطية' },
  batteryLife: { en: 'Battery life', id: 'Daya tahan baterai', de: 'Akkulaufzeit', fr: 'Autonomie', es: 'Autonomía', ar: 'عمر البطارية' },
  water: { en: 'Water resistance', id: 'Ketahanan air', de: 'Wasserschutz', fr: 'Résistance à l’eau', es: 'Resistencia al agua', ar: 'مقاومة الماء' },
  connectivity: { en: 'Connectivity', id: 'Konektivitas', de: 'Konnektivität', fr: 'Connectivité', es: 'Conectividad', ar: 'الاتصال' },
  output: { en: 'Output', id: 'Daya', de: 'Leistung', fr: 'Puissance', es: 'Potencia', ar: 'القدرة' },
  capacity: { en: 'Capacity', id: 'Kapasitas', de: 'Kapazität', fr: 'Capacité', es: 'Capacidad', ar: 'السعة' },
};

export const marketingTagTexts: Record<'new' | 'hot' | 'discount', Texts> = {
  new: { en: 'New', id: 'Baru', de: 'Neu', fr: 'Nouveau', es: 'Nuevo', ar: 'جديد' },
  hot: { en: 'Best seller', id: 'Terlaris', de: 'Bestseller', fr: 'Meilleure vente', es: 'Más vendido', ar: 'الأكثر مبيعًا' },
  discount: { en: 'Deal', id: 'Promo', de: 'Angebot', fr: 'Promo', es: 'Oferta', ar: 'عرض' },
};

/** The EU compliance labels' texts (energy label and repairability class, EU regulations 2017/1369 and 2023/1669). */
export const complianceLabelTexts: Record<'bundleTitle' | 'productSheet' | 'repairabilityClass', Texts> = {
  bundleTitle: { en: 'EU energy label', id: 'Label energi UE', de: 'EU-Energielabel', fr: 'Étiquette énergie UE', es: 'Etiqueta energética de la UE', ar: 'ملصق الطاقة الأوروبي' },
  productSheet: { en: 'Product information sheet', id: 'Lembar informasi produk', de: 'Produktdatenblatt', fr: "Fiche d'information produit", es: 'Ficha de información del producto', ar: 'ورقة معلومات المنتج' },
  repairabilityClass: { en: 'Repairability class {score}', id: 'Kelas kemudahan perbaikan {score}', de: 'Reparierbarkeitsklasse {score}', fr: 'Classe de réparabilité {score}', es: 'Clase de reparabilidad {score}', ar: 'فئة قابلية الإصلاح {score}' },
};

/** Replaces {placeholders}; a missing value leaves a readable dash rather than a raw brace. */
export function fill(template: string, values: Record<string, string | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '–');
}
