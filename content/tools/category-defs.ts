/** Category tree with names in the fully translated languages; source of categories.json and the "category.*" UI keys. */
import type { ProductCategory } from '../schemas/products.schema';

type Names = { en: string; id: string; de: string; fr: string; es: string; ar: string; [code: string]: string };

export interface CategoryDef {
  id: ProductCategory;
  name: Names;
  subs: { id: string; name: Names }[];
}

export const categoryDefs: CategoryDef[] = [
  { id: 'phones', name: { en: 'Phones', id: 'Ponsel', de: 'Smartphones', fr: 'Téléphones', es: 'Móviles', ar: 'الهواتف', it: 'Smartphone', nl: 'Telefoons', pl: 'Telefony', ru: 'Смартфоны', ja: 'スマートフォン', ko: '스마트폰', 'zh-CN': '手机', 'zh-HK': '手機', 'zh-TW': '手機', pt: 'Telemóveis', 'pt-BR': 'Celulares', tr: 'Telefonlar', vi: 'Điện thoại', th: 'โทรศัพท์' },
    subs: [
      { id: 'xiaomi-series', name: { en: 'Xiaomi series', id: 'Seri Xiaomi', de: 'Xiaomi-Serie', fr: 'Série Xiaomi', es: 'Serie Xiaomi', ar: 'سلسلة Xiaomi' } },
      { id: 'redmi-series', name: { en: 'Redmi series', id: 'Seri Redmi', de: 'Redmi-Serie', fr: 'Série Redmi', es: 'Serie Redmi', ar: 'سلسلة Redmi' } },
      { id: 'poco-series', name: { en: 'POCO series', id: 'Seri POCO', de: 'POCO-Serie', fr: 'Série POCO', es: 'Serie POCO', ar: 'سلسلة POCO' } },
    ] },
  { id: 'tvs', name: { en: 'TV & Smart Home', id: 'TV & Rumah Pintar', de: 'TV & Smart Home', fr: 'TV & Maison connectée', es: 'TV y Hogar inteligente', ar: 'التلفزيون والمنزل الذكي', it: 'TV e Smart Home', nl: 'TV & Smart Home', pl: 'TV i Smart Home', ru: 'ТВ и умный дом', ja: 'テレビ・スマートホーム', ko: 'TV 및 스마트 홈', 'zh-CN': '电视与智能家居', 'zh-HK': '電視與智能家居', 'zh-TW': '電視與智慧家庭', pt: 'TV e Casa Inteligente', 'pt-BR': 'TV e Casa Inteligente', tr: 'TV ve Akıllı Ev', vi: 'TV & Nhà thông minh', th: 'ทีวีและสมาร์ทโฮม' },
    subs: [
      { id: 'smart-tvs', name: { en: 'Smart TVs', id: 'Smart TV', de: 'Smart-TVs', fr: 'Téléviseurs connectés', es: 'Smart TV', ar: 'أجهزة التلفزيون الذكية' } },
      { id: 'streaming-devices', name: { en: 'Streaming devices', id: 'Perangkat streaming', de: 'Streaming-Geräte', fr: 'Appareils de streaming', es: 'Dispositivos de streaming', ar: 'أجهزة البث' } },
    ] },
  { id: 'wearables', name: { en: 'Wearables', id: 'Perangkat Wearable', de: 'Wearables', fr: 'Objets connectés', es: 'Wearables', ar: 'الأجهزة القابلة للارتداء', it: 'Wearable', nl: 'Wearables', pl: 'Urządzenia ubieralne', ru: 'Носимые устройства', ja: 'ウェアラブル', ko: '웨어러블', 'zh-CN': '穿戴', 'zh-HK': '穿戴裝置', 'zh-TW': '穿戴裝置', pt: 'Wearables', 'pt-BR': 'Vestíveis', tr: 'Giyilebilir', vi: 'Thiết bị đeo', th: 'อุปกรณ์สวมใส่' },
    subs: [
      { id: 'smartwatches', name: { en: 'Smartwatches', id: 'Jam tangan pintar', de: 'Smartwatches', fr: 'Montres connectées', es: 'Relojes inteligentes', ar: 'الساعات الذكية' } },
      { id: 'fitness-bands', name: { en: 'Fitness bands', id: 'Gelang kebugaran', de: 'Fitnessarmbänder', fr: 'Bracelets connectés', es: 'Pulseras de actividad', ar: 'أساور اللياقة' } },
      { id: 'earbuds', name: { en: 'Earbuds', id: 'Earbud', de: 'Kopfhörer', fr: 'Écouteurs', es: 'Auriculares', ar: 'سماعات الأذن' } },
    ] },
  { id: 'tablets', name: { en: 'Tablets', id: 'Tablet', de: 'Tablets', fr: 'Tablettes', es: 'Tablets', ar: 'الأجهزة اللوحية', it: 'Tablet', nl: 'Tablets', pl: 'Tablety', ru: 'Планшеты', ja: 'タブレット', ko: '태블릿', 'zh-CN': '平板', 'zh-HK': '平板電腦', 'zh-TW': '平板電腦', pt: 'Tablets', 'pt-BR': 'Tablets', tr: 'Tabletler', vi: 'Máy tính bảng', th: 'แท็บเล็ต' },
    subs: [
      { id: 'xiaomi-pad', name: { en: 'Xiaomi Pad', id: 'Xiaomi Pad', de: 'Xiaomi Pad', fr: 'Xiaomi Pad', es: 'Xiaomi Pad', ar: 'Xiaomi Pad' } },
      { id: 'redmi-pad', name: { en: 'Redmi Pad', id: 'Redmi Pad', de: 'Redmi Pad', fr: 'Redmi Pad', es: 'Redmi Pad', ar: 'Redmi Pad' } },
    ] },
  { id: 'scooters', name: { en: 'Electric scooters', id: 'Skuter listrik', de: 'E-Scooter', fr: 'Trottinettes électriques', es: 'Patinetes eléctricos', ar: 'السكوترات الكهربائية', it: 'Monopattini elettrici', nl: 'Elektrische steps', pl: 'Hulajnogi elektryczne', ru: 'Электросамокаты', ja: '電動キックボード', ko: '전동 킥보드', 'zh-CN': '电动滑板车', 'zh-HK': '電動滑板車', 'zh-TW': '電動滑板車', pt: 'Trotinetes elétricas', 'pt-BR': 'Patinetes elétricos', tr: 'Elektrikli scooterlar', vi: 'Xe điện', th: 'สกู๊ตเตอร์ไฟฟ้า' },
    subs: [{ id: 'electric-scooters', name: { en: 'Electric scooters', id: 'Skuter listrik', de: 'E-Scooter', fr: 'Trottinettes électriques', es: 'Patinetes eléctricos', ar: 'السكوترات الكهربائية' } }] },
  { id: 'appliances', name: { en: 'Home appliances', id: 'Peralatan rumah', de: 'Haushaltsgeräte', fr: 'Électroménager', es: 'Electrodomésticos', ar: 'الأجهزة المنزلية', it: 'Elettrodomestici', nl: 'Huishoudelijke apparaten', pl: 'AGD', ru: 'Бытовая техника', ja: '家電', ko: '가전제품', 'zh-CN': '家电', 'zh-HK': '家電', 'zh-TW': '家電', pt: 'Eletrodomésticos', 'pt-BR': 'Eletrodomésticos', tr: 'Ev aletleri', vi: 'Đồ gia dụng', th: 'เครื่องใช้ไฟฟ้า' },
    subs: [
      { id: 'robot-vacuums', name: { en: 'Robot vacuums', id: 'Robot vakum', de: 'Saugroboter', fr: 'Robots aspirateurs', es: 'Robots aspiradores', ar: 'المكانس الروبوتية' } },
      { id: 'vacuum-cleaners', name: { en: 'Vacuum cleaners', id: 'Penyedot debu', de: 'Staubsauger', fr: 'Aspirateurs', es: 'Aspiradoras', ar: 'المكانس الكهربائية' } },
      { id: 'air-care', name: { en: 'Air care', id: 'Perawatan udara', de: 'Luftpflege', fr: 'Traitement de l’air', es: 'Cuidado del aire', ar: 'العناية بالهواء' } },
      { id: 'kitchen', name: { en: 'Kitchen', id: 'Dapur', de: 'Küche', fr: 'Cuisine', es: 'Cocina', ar: 'المطبخ' } },
    ] },
  { id: 'accessories', name: { en: 'Accessories', id: 'Aksesori', de: 'Zubehör', fr: 'Accessoires', es: 'Accesorios', ar: 'الملحقات', it: 'Accessori', nl: 'Accessoires', pl: 'Akcesoria', ru: 'Аксессуары', ja: 'アクセサリー', ko: '액세서리', 'zh-CN': '配件', 'zh-HK': '配件', 'zh-TW': '配件', pt: 'Acessórios', 'pt-BR': 'Acessórios', tr: 'Aksesuarlar', vi: 'Phụ kiện', th: 'อุปกรณ์เสริม' },
    subs: [
      { id: 'power-and-charging', name: { en: 'Power & charging', id: 'Daya & pengisian', de: 'Strom & Laden', fr: 'Alimentation et charge', es: 'Energía y carga', ar: 'الطاقة والشحن' } },
      { id: 'smart-home-devices', name: { en: 'Smart home devices', id: 'Perangkat rumah pintar', de: 'Smart-Home-Geräte', fr: 'Maison connectée', es: 'Dispositivos de hogar inteligente', ar: 'أجهزة المنزل الذكي' } },
      { id: 'audio', name: { en: 'Audio', id: 'Audio', de: 'Audio', fr: 'Audio', es: 'Audio', ar: 'الصوتيات' } },
    ] },
  { id: 'refurbished', name: { en: 'Refurbished', id: 'Rekondisi', de: 'Generalüberholt', fr: 'Reconditionné', es: 'Reacondicionados', ar: 'المجددة', it: 'Ricondizionati', nl: 'Refurbished', pl: 'Odnowione', ru: 'Восстановленные', ja: '整備済み品', ko: '리퍼비시', 'zh-CN': '官翻机', 'zh-HK': '翻新機', 'zh-TW': '福利機', pt: 'Recondicionados', 'pt-BR': 'Recondicionados', tr: 'Yenilenmiş', vi: 'Hàng tân trang', th: 'เครื่องรีเฟอร์บิช' },
    subs: [{ id: 'refurbished-phones', name: { en: 'Refurbished phones', id: 'Ponsel rekondisi', de: 'Generalüberholte Smartphones', fr: 'Téléphones reconditionnés', es: 'Móviles reacondicionados', ar: 'الهواتف المجددة' } }] },
];
