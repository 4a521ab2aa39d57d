/** Support FAQ and help articles (en, id, de, fr, es, ar; other languages fall back to English). */
import type { ArticlesSnapshot } from '../schemas/articles.schema';
import type { FaqSnapshot } from '../schemas/faq.schema';
import type { Localized } from '../schemas/common.schema';

/** en, id, de, fr, es, ar. */
const t = (en: string, id: string, de: string, fr: string, es: string, ar: string): Localized => ({ en, id, de, fr, es, ar });
type Qa = [question: Localized, ...answer: Localized[]];

const faqSource: [title: Localized, items: Qa[]][] = [
  [t('Orders and payment', 'Pesanan dan pembayaran', 'Bestellung und Zahlung', 'Commandes et paiement', 'Pedidos y pago', 'الطلبات والدفع'), [
    [
      t('How do I place an order?', 'Bagaimana cara membuat pesanan?', 'Wie gebe ich eine Bestellung auf?', 'Comment passer une commande ?', '¿Cómo hago un pedido?', 'كيف أقدّم طلبًا؟'),
      t('Add the products to your cart, choose Check out, enter your address and pay.', 'Tambahkan produk ke keranjang, pilih Checkout, masukkan alamat, lalu bayar.', 'Legen Sie die Produkte in den Warenkorb, wählen Sie Zur Kasse, geben Sie Ihre Adresse ein und bezahlen Sie.', 'Ajoutez les produits à votre panier, choisissez Passer la commande, saisissez votre adresse et payez.', 'Añade los productos al carrito, elige Tramitar pedido, introduce tu dirección y paga.', 'أضف المنتجات إلى سلة التسوق، واختر «إتمام الشراء»، ثم أدخل عنوانك وادفع.'),
    ],
    [
      t('Which payment methods can I use?', 'Metode pembayaran apa saja yang tersedia?', 'Welche Zahlungsarten kann ich nutzen?', 'Quels moyens de paiement puis-je utiliser ?', '¿Qué métodos de pago puedo usar?', 'ما طرق الدفع التي يمكنني استخدامها؟'),
      t('Cards, bank transfer, e-wallets and instalments are available; the list depends on your country.', 'Kartu, transfer bank, dompet digital, dan cicilan tersedia; daftarnya tergantung negara Anda.', 'Verfügbar sind Karten, Banküberweisung, E-Wallets und Ratenzahlung; welche davon angeboten werden, hängt von Ihrem Land ab.', 'Cartes bancaires, virement, portefeuilles électroniques et paiement en plusieurs fois sont disponibles ; la liste dépend de votre pays.', 'Puedes pagar con tarjeta, transferencia bancaria, monederos electrónicos o a plazos; la lista depende de tu país.', 'تتوفر البطاقات والتحويل المصرفي والمحافظ الإلكترونية والدفع بالتقسيط، وتختلف القائمة حسب بلدك.'),
    ],
    [
      t('Can I change my order after paying?', 'Bisakah saya mengubah pesanan setelah membayar?', 'Kann ich meine Bestellung nach dem Bezahlen noch ändern?', 'Puis-je modifier ma commande après le paiement ?', '¿Puedo cambiar mi pedido después de pagar?', 'هل يمكنني تعديل طلبي بعد الدفع؟'),
      t('You can change the delivery address once while the order is processing.', 'Anda dapat mengubah alamat pengiriman satu kali selama pesanan diproses.', 'Solange die Bestellung bearbeitet wird, können Sie die Lieferadresse einmal ändern.', 'Vous pouvez modifier l’adresse de livraison une seule fois pendant le traitement de la commande.', 'Puedes cambiar la dirección de entrega una vez mientras se procesa el pedido.', 'يمكنك تغيير عنوان التوصيل مرة واحدة أثناء معالجة الطلب.'),
      t('To change products, cancel the order and place a new one.', 'Untuk mengganti produk, batalkan pesanan dan buat pesanan baru.', 'Um Produkte zu ändern, stornieren Sie die Bestellung und geben Sie eine neue auf.', 'Pour changer de produits, annulez la commande et passez-en une nouvelle.', 'Para cambiar los productos, cancela el pedido y haz uno nuevo.', 'لتغيير المنتجات، ألغِ الطلب وقدّم طلبًا جديدًا.'),
    ],
    [
      t('Why can’t I place a new order?', 'Mengapa saya tidak bisa membuat pesanan baru?', 'Warum kann ich keine neue Bestellung aufgeben?', 'Pourquoi ne puis-je pas passer une nouvelle commande ?', '¿Por qué no puedo hacer un pedido nuevo?', 'لماذا لا يمكنني تقديم طلب جديد؟'),
      t('An unpaid order blocks new orders. Pay for it or cancel it first.', 'Pesanan yang belum dibayar menghalangi pesanan baru. Bayar atau batalkan terlebih dahulu.', 'Solange eine Bestellung unbezahlt ist, können Sie keine neue aufgeben. Bezahlen oder stornieren Sie sie zuerst.', 'Une commande non payée bloque les nouvelles commandes. Payez-la ou annulez-la d’abord.', 'Un pedido pendiente de pago bloquea los pedidos nuevos. Págalo o cancélalo primero.', 'يمنع الطلب غير المدفوع تقديم طلبات جديدة. ادفعه أو ألغه أولًا.'),
    ],
  ]],
  [t('Delivery', 'Pengiriman', 'Lieferung', 'Livraison', 'Envío', 'التوصيل'), [
    [
      t('How long does delivery take?', 'Berapa lama pengiriman?', 'Wie lange dauert die Lieferung?', 'Quel est le délai de livraison ?', '¿Cuánto tarda el envío?', 'كم تستغرق مدة التوصيل؟'),
      t('Most orders arrive in 2 to 5 working days.', 'Sebagian besar pesanan tiba dalam 2 hingga 5 hari kerja.', 'Die meisten Bestellungen kommen innerhalb von 2 bis 5 Werktagen an.', 'La plupart des commandes arrivent sous 2 à 5 jours ouvrés.', 'La mayoría de los pedidos llegan en un plazo de 2 a 5 días laborables.', 'تصل معظم الطلبات خلال 2 إلى 5 أيام عمل.'),
    ],
    [
      t('How do I track my order?', 'Bagaimana cara melacak pesanan?', 'Wie kann ich meine Bestellung verfolgen?', 'Comment suivre ma commande ?', '¿Cómo hago el seguimiento de mi pedido?', 'كيف أتتبّع طلبي؟'),
      t('Open My orders and choose Track.', 'Buka Pesanan saya dan pilih Lacak.', 'Öffnen Sie Meine Bestellungen und wählen Sie Verfolgen.', 'Ouvrez Mes commandes et choisissez Suivre.', 'Abre Mis pedidos y elige Seguimiento.', 'افتح «طلباتي» واختر «تتبّع».'),
    ],
    [
      t('Do you deliver to other countries?', 'Apakah Anda mengirim ke negara lain?', 'Liefern Sie auch in andere Länder?', 'Livrez-vous dans d’autres pays ?', '¿Hay envíos a otros países?', 'هل يتوفر التوصيل إلى دول أخرى؟'),
      t('No. Each store delivers only within its own country.', 'Tidak. Setiap toko hanya mengirim di dalam negaranya sendiri.', 'Nein. Jeder Store liefert nur innerhalb seines eigenen Landes.', 'Non. Chaque boutique livre uniquement dans son propre pays.', 'No. Cada tienda envía solo dentro de su propio país.', 'لا. يوصل كل متجر داخل بلده فقط.'),
    ],
    [
      t('Is there free shipping?', 'Apakah ada gratis ongkir?', 'Gibt es kostenlosen Versand?', 'La livraison est-elle gratuite ?', '¿Hay envío gratis?', 'هل يتوفر شحن مجاني؟'),
      t('Orders above the free-shipping threshold shown at checkout ship for free.', 'Pesanan di atas batas gratis ongkir yang ditampilkan saat checkout dikirim gratis.', 'Liegt Ihre Bestellung über dem an der Kasse angezeigten Mindestbestellwert, ist der Versand kostenlos.', 'La livraison est offerte pour les commandes qui dépassent le seuil indiqué lors du paiement.', 'Si tu pedido supera el importe mínimo para envío gratis que se indica al tramitar el pedido, el envío no tiene coste.', 'يكون الشحن مجانيًا للطلبات التي تتجاوز الحد الأدنى المعروض عند إتمام الشراء.'),
    ],
  ]],
  [t('Returns and warranty', 'Pengembalian dan garansi', 'Rückgabe und Garantie', 'Retours et garantie', 'Devoluciones y garantía', 'الإرجاع والضمان'), [
    [
      t('How do I return a product?', 'Bagaimana cara mengembalikan produk?', 'Wie gebe ich ein Produkt zurück?', 'Comment retourner un produit ?', '¿Cómo devuelvo un producto?', 'كيف أُرجع منتجًا؟'),
      t('Request a return in My orders within 14 days of delivery.', 'Ajukan pengembalian di Pesanan saya dalam 14 hari setelah pengiriman.', 'Beantragen Sie die Rückgabe innerhalb von 14 Tagen nach der Lieferung unter Meine Bestellungen.', 'Demandez un retour dans Mes commandes dans les 14 jours suivant la livraison.', 'Solicita la devolución en Mis pedidos en un plazo de 14 días desde la entrega.', 'اطلب الإرجاع من «طلباتي» خلال 14 يومًا من التوصيل.'),
    ],
    [
      t('When do I get my refund?', 'Kapan dana saya dikembalikan?', 'Wann erhalte ich meine Erstattung?', 'Quand recevrai-je mon remboursement ?', '¿Cuándo recibo el reembolso?', 'متى أسترد أموالي؟'),
      t('Refunds are made within 15 working days after we receive the product.', 'Dana dikembalikan dalam 15 hari kerja setelah produk kami terima.', 'Die Erstattung erfolgt innerhalb von 15 Werktagen, nachdem das Produkt bei uns eingegangen ist.', 'Le remboursement est effectué sous 15 jours ouvrés après réception du produit.', 'Los reembolsos se realizan en un plazo de 15 días laborables desde que recibimos el producto.', 'يُردّ المبلغ خلال 15 يوم عمل من استلامنا للمنتج.'),
    ],
    [
      t('What does the warranty cover?', 'Apa yang dicakup garansi?', 'Was deckt die Garantie ab?', 'Que couvre la garantie ?', '¿Qué cubre la garantía?', 'ماذا يشمل الضمان؟'),
      t('Manufacturing defects under normal use. Accidental damage needs Xiaomi Care.', 'Cacat produksi dalam penggunaan normal. Kerusakan tidak disengaja memerlukan Xiaomi Care.', 'Herstellungsfehler bei normalem Gebrauch. Für Unfallschäden benötigen Sie Xiaomi Care.', 'Les défauts de fabrication dans le cadre d’une utilisation normale. Les dommages accidentels nécessitent Xiaomi Care.', 'Los defectos de fabricación con un uso normal. Para los daños accidentales necesitas Xiaomi Care.', 'عيوب التصنيع في ظل الاستخدام العادي. أما الأضرار العرضية فتتطلب Xiaomi Care.'),
    ],
    [
      t('Do refurbished phones have a warranty?', 'Apakah ponsel rekondisi bergaransi?', 'Haben generalüberholte Smartphones eine Garantie?', 'Les téléphones reconditionnés sont-ils garantis ?', '¿Los móviles reacondicionados tienen garantía?', 'هل الهواتف المجددة مشمولة بالضمان؟'),
      t('Yes, one year, plus a 15-day cooling-off period.', 'Ya, satu tahun, ditambah masa tenang 15 hari.', 'Ja, ein Jahr, dazu kommt eine Widerrufsfrist von 15 Tagen.', 'Oui, un an, plus un délai de rétractation de 15 jours.', 'Sí, un año, además de un periodo de desistimiento de 15 días.', 'نعم، لمدة عام واحد، بالإضافة إلى مهلة تراجع عن الشراء مدتها 15 يومًا.'),
    ],
  ]],
  [t('Account and coupons', 'Akun dan kupon', 'Konto und Gutscheine', 'Compte et coupons', 'Cuenta y cupones', 'الحساب والقسائم'), [
    [
      t('How do I create an account?', 'Bagaimana cara membuat akun?', 'Wie erstelle ich ein Konto?', 'Comment créer un compte ?', '¿Cómo creo una cuenta?', 'كيف أنشئ حسابًا؟'),
      t('Choose Sign in / Sign up in the header and follow the steps.', 'Pilih Masuk / Daftar di bagian atas dan ikuti langkahnya.', 'Wählen Sie oben auf der Seite Anmelden / Registrieren und folgen Sie den Schritten.', 'Choisissez Se connecter / S’inscrire en haut de la page et suivez les étapes.', 'Elige Iniciar sesión / Registrarse en la parte superior de la página y sigue los pasos.', 'اختر «تسجيل الدخول / إنشاء حساب» في أعلى الصفحة واتبع الخطوات.'),
    ],
    [
      t('How many coupons can I use?', 'Berapa kupon yang bisa saya gunakan?', 'Wie viele Gutscheine kann ich einlösen?', 'Combien de coupons puis-je utiliser ?', '¿Cuántos cupones puedo usar?', 'كم قسيمة يمكنني استخدامها؟'),
      t('One coupon per purchase.', 'Satu kupon per pembelian.', 'Einen Gutschein pro Einkauf.', 'Un coupon par achat.', 'Un cupón por compra.', 'قسيمة واحدة لكل عملية شراء.'),
    ],
    [
      t('What are Mi Points?', 'Apa itu Mi Points?', 'Was sind Mi Points?', 'Que sont les Mi Points ?', '¿Qué son los Mi Points?', 'ما هي Mi Points؟'),
      t('Points you earn on orders; 10 points are worth Rp 100 and can pay up to 20% of the discounted price.', 'Poin dari setiap pesanan; 10 poin bernilai Rp 100 dan dapat membayar hingga 20% dari harga setelah diskon.', 'Punkte, die Sie mit Ihren Bestellungen sammeln; 10 Punkte sind Rp 100 wert, und Sie können damit bis zu 20 % des rabattierten Preises bezahlen.', 'Des points que vous gagnez avec vos commandes ; 10 points valent Rp 100 et permettent de payer jusqu’à 20 % du prix remisé.', 'Puntos que ganas con tus pedidos; 10 puntos equivalen a Rp 100 y con ellos puedes pagar hasta el 20 % del precio con descuento.', 'نقاط تكسبها من طلباتك؛ كل 10 نقاط تساوي Rp 100، ويمكنك أن تدفع بها حتى 20% من السعر بعد الخصم.'),
    ],
    [
      t('How do I unsubscribe from emails?', 'Bagaimana cara berhenti berlangganan email?', 'Wie melde ich mich von E-Mails ab?', 'Comment me désabonner des e-mails ?', '¿Cómo me doy de baja de los correos?', 'كيف ألغي الاشتراك في رسائل البريد الإلكتروني؟'),
      t('Use the unsubscribe link at the bottom of any email.', 'Gunakan tautan berhenti berlangganan di bagian bawah email.', 'Nutzen Sie den Abmeldelink am Ende jeder E-Mail.', 'Utilisez le lien de désabonnement en bas de chaque e-mail.', 'Usa el enlace para darte de baja que aparece al final de cualquier correo.', 'استخدم رابط إلغاء الاشتراك في أسفل أي رسالة.'),
    ],
  ]],
  [t('Trade-in', 'Tukar tambah', 'Inzahlungnahme', 'Reprise', 'Recompra', 'الاستبدال'), [
    [
      t('Which devices can I trade in?', 'Perangkat apa yang bisa ditukar?', 'Welche Geräte kann ich in Zahlung geben?', 'Quels appareils puis-je faire reprendre ?', '¿Qué dispositivos puedo entregar en el canje?', 'ما الأجهزة التي يمكنني استبدالها؟'),
      t('Phones of most brands in working condition.', 'Ponsel dari sebagian besar merek dalam kondisi berfungsi.', 'Funktionsfähige Smartphones der meisten Marken.', 'Les téléphones de la plupart des marques, en état de fonctionnement.', 'Móviles de la mayoría de las marcas que funcionen correctamente.', 'هواتف معظم العلامات التجارية ما دامت تعمل بشكل سليم.'),
    ],
    [
      t('When is my old device collected?', 'Kapan perangkat lama saya diambil?', 'Wann wird mein altes Gerät abgeholt?', 'Quand mon ancien appareil est-il récupéré ?', '¿Cuándo se recoge mi dispositivo antiguo?', 'متى يُستلم جهازي القديم؟'),
      t('Within 7 days of delivering your new device.', 'Dalam 7 hari setelah perangkat baru Anda dikirim.', 'Innerhalb von 7 Tagen nach der Lieferung Ihres neuen Geräts.', 'Dans les 7 jours suivant la livraison de votre nouvel appareil.', 'En un plazo de 7 días desde la entrega de tu nuevo dispositivo.', 'خلال 7 أيام من توصيل جهازك الجديد.'),
    ],
    [
      t('Can I cancel a trade-in?', 'Bisakah saya membatalkan tukar tambah?', 'Kann ich eine Inzahlungnahme stornieren?', 'Puis-je annuler une reprise ?', '¿Puedo cancelar un canje?', 'هل يمكنني إلغاء الاستبدال؟'),
      t('Yes, until the exchange coupon is redeemed.', 'Ya, sampai kupon tukar tambah digunakan.', 'Ja, solange der Umtauschgutschein noch nicht eingelöst ist.', 'Oui, tant que le bon d’échange n’a pas été utilisé.', 'Sí, mientras no se haya usado el cupón de canje.', 'نعم، ما دامت قسيمة الاستبدال لم تُستخدم بعد.'),
    ],
    [
      t('How many devices can I trade in?', 'Berapa perangkat yang bisa saya tukar?', 'Wie viele Geräte kann ich in Zahlung geben?', 'Combien d’appareils puis-je faire reprendre ?', '¿Cuántos dispositivos puedo entregar?', 'كم جهازًا يمكنني استبداله؟'),
      t('One device per exchange.', 'Satu perangkat per penukaran.', 'Ein Gerät pro Inzahlungnahme.', 'Un appareil par reprise.', 'Un dispositivo por canje.', 'جهاز واحد لكل عملية استبدال.'),
    ],
  ]],
  [t('Devices and software', 'Perangkat dan perangkat lunak', 'Geräte und Software', 'Appareils et logiciels', 'Dispositivos y software', 'الأجهزة والبرامج'), [
    [
      t('How do I update HyperOS?', 'Bagaimana cara memperbarui HyperOS?', 'Wie aktualisiere ich HyperOS?', 'Comment mettre à jour HyperOS ?', '¿Cómo actualizo HyperOS?', 'كيف أحدّث HyperOS؟'),
      t('Go to Settings > About phone > HyperOS version.', 'Buka Setelan > Tentang ponsel > Versi HyperOS.', 'Gehen Sie zu Einstellungen > Über das Telefon > HyperOS-Version.', 'Accédez à Paramètres > À propos du téléphone > Version HyperOS.', 'Ve a Ajustes > Sobre el teléfono > Versión de HyperOS.', 'انتقل إلى الإعدادات > حول الهاتف > إصدار HyperOS.'),
    ],
    [
      t('How do I find my IMEI?', 'Bagaimana cara menemukan IMEI?', 'Wie finde ich meine IMEI?', 'Comment trouver mon numéro IMEI ?', '¿Cómo encuentro mi IMEI?', 'كيف أجد رقم IMEI الخاص بي؟'),
      // The Arabic keeps the dialling code in a left-to-right isolate so that it reads *#06#, not #06#*.
      t('Dial *#06#. The IMEI has 15 digits.', 'Tekan *#06#. IMEI terdiri dari 15 digit.', 'Wählen Sie *#06#. Die IMEI hat 15 Ziffern.', 'Composez le *#06#. Le numéro IMEI comporte 15 chiffres.', 'Marca *#06#. El IMEI tiene 15 dígitos.', 'اطلب \u2066*#06#\u2069. يتكوّن رقم IMEI من 15 رقمًا.'),
    ],
    [
      t('How do I connect a device to Xiaomi Home?', 'Bagaimana cara menghubungkan perangkat ke Xiaomi Home?', 'Wie verbinde ich ein Gerät mit Xiaomi Home?', 'Comment connecter un appareil à Xiaomi Home ?', '¿Cómo conecto un dispositivo a Xiaomi Home?', 'كيف أوصل جهازًا بتطبيق Xiaomi Home؟'),
      t('Open the app, tap + and follow the pairing steps.', 'Buka aplikasi, ketuk + dan ikuti langkah pemasangan.', 'Öffnen Sie die App, tippen Sie auf + und folgen Sie den Schritten zur Kopplung.', 'Ouvrez l’application, appuyez sur + et suivez les étapes d’appairage.', 'Abre la app, toca + y sigue los pasos de vinculación.', 'افتح التطبيق، واضغط على +، ثم اتبع خطوات الإقران.'),
    ],
    [
      t('My scooter shows an error code. What now?', 'Skuter saya menampilkan kode kesalahan. Apa yang harus dilakukan?', 'Mein E-Scooter zeigt einen Fehlercode an. Was kann ich tun?', 'Ma trottinette affiche un code d’erreur. Que faire ?', 'Mi patinete muestra un código de error. ¿Qué hago?', 'يظهر رمز خطأ على السكوتر. ماذا أفعل؟'),
      t('Check the code in the Xiaomi Home app and contact support if it stays.', 'Periksa kode di aplikasi Xiaomi Home dan hubungi dukungan jika tetap muncul.', 'Prüfen Sie den Code in der Xiaomi Home App und wenden Sie sich an den Support, wenn er weiterhin angezeigt wird.', 'Vérifiez le code dans l’application Xiaomi Home et contactez l’assistance s’il persiste.', 'Consulta el código en la app Xiaomi Home y contacta con soporte si no desaparece.', 'تحقق من الرمز في تطبيق Xiaomi Home، وتواصل مع الدعم إذا استمر ظهوره.'),
    ],
  ]],
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

type ArticleSource = [category: ArticlesSnapshot['articles'][number]['category'], updatedAt: string, title: Localized, summary: Localized, body: Localized[]];

const articleSource: ArticleSource[] = [
  ['phone', '2026-10-02',
    t('Transfer data to your new Xiaomi phone', 'Pindahkan data ke ponsel Xiaomi baru', 'Daten auf Ihr neues Xiaomi-Smartphone übertragen', 'Transférer vos données vers votre nouveau téléphone Xiaomi', 'Pasar tus datos a tu nuevo móvil Xiaomi', 'نقل البيانات إلى هاتف Xiaomi الجديد'),
    t('Move contacts, photos and apps in a few steps.', 'Pindahkan kontak, foto, dan aplikasi dalam beberapa langkah.', 'Übertragen Sie Kontakte, Fotos und Apps in wenigen Schritten.', 'Transférez contacts, photos et applications en quelques étapes.', 'Pasa contactos, fotos y apps en unos pocos pasos.', 'انقل جهات الاتصال والصور والتطبيقات في خطوات قليلة.'),
    [
      t('Install Xiaomi Mi Mover on both phones.', 'Instal Xiaomi Mi Mover di kedua ponsel.', 'Installieren Sie Xiaomi Mi Mover auf beiden Smartphones.', 'Installez Xiaomi Mi Mover sur les deux téléphones.', 'Instala Xiaomi Mi Mover en los dos móviles.', 'ثبّت Xiaomi Mi Mover على كلا الهاتفين.'),
      t('Scan the code on the new phone with the old one and choose what to copy.', 'Pindai kode di ponsel baru dengan ponsel lama dan pilih data yang disalin.', 'Scannen Sie mit dem alten Smartphone den Code auf dem neuen und wählen Sie aus, was kopiert werden soll.', 'Scannez avec l’ancien téléphone le code affiché sur le nouveau, puis choisissez ce que vous souhaitez copier.', 'Escanea con el móvil antiguo el código que aparece en el nuevo y elige qué quieres copiar.', 'امسح الرمز الظاهر على الهاتف الجديد باستخدام الهاتف القديم، ثم اختر ما تريد نسخه.'),
    ]],
  ['phone', '2026-09-18',
    t('Extend battery life', 'Memperpanjang daya tahan baterai', 'Akkulaufzeit verlängern', 'Prolonger l’autonomie de la batterie', 'Alargar la duración de la batería', 'إطالة عمر البطارية'),
    t('Settings that make a charge last longer.', 'Pengaturan agar baterai lebih awet.', 'Einstellungen, mit denen eine Akkuladung länger hält.', 'Des réglages pour qu’une charge dure plus longtemps.', 'Ajustes para que cada carga dure más.', 'إعدادات تجعل الشحنة تدوم لفترة أطول.'),
    [
      t('Turn on Battery saver and lower the refresh rate when you need more hours.', 'Aktifkan Penghemat baterai dan turunkan refresh rate bila perlu.', 'Aktivieren Sie den Energiesparmodus und senken Sie die Bildwiederholrate, wenn Sie mehr Laufzeit brauchen.', 'Activez l’économiseur de batterie et réduisez la fréquence de rafraîchissement lorsque vous avez besoin de plus d’autonomie.', 'Activa el Ahorro de batería y reduce la frecuencia de actualización cuando necesites más horas.', 'فعّل «توفير البطارية» وخفّض معدل التحديث عندما تحتاج إلى ساعات استخدام أطول.'),
      t('Avoid leaving the phone in the sun while charging.', 'Hindari menaruh ponsel di bawah sinar matahari saat mengisi daya.', 'Lassen Sie das Smartphone beim Laden nicht in der Sonne liegen.', 'Évitez de laisser le téléphone au soleil pendant la charge.', 'Evita dejar el móvil al sol mientras se carga.', 'تجنّب ترك الهاتف تحت أشعة الشمس أثناء الشحن.'),
    ]],
  ['phone', '2026-08-05',
    t('Set up eSIM', 'Menyiapkan eSIM', 'eSIM einrichten', 'Configurer une eSIM', 'Configurar una eSIM', 'إعداد eSIM'),
    t('Activate an eSIM profile from your carrier.', 'Aktifkan profil eSIM dari operator.', 'Aktivieren Sie ein eSIM-Profil Ihres Mobilfunkanbieters.', 'Activez un profil eSIM fourni par votre opérateur.', 'Activa un perfil eSIM de tu operador.', 'فعّل ملف eSIM من مشغّل شبكتك.'),
    [
      t('Go to Settings > SIM cards & mobile networks > Add eSIM.', 'Buka Setelan > Kartu SIM & jaringan seluler > Tambah eSIM.', 'Gehen Sie zu Einstellungen > SIM-Karten & Mobilfunknetze > eSIM hinzufügen.', 'Accédez à Paramètres > Cartes SIM et réseaux mobiles > Ajouter une eSIM.', 'Ve a Ajustes > Tarjetas SIM y redes móviles > Añadir eSIM.', 'انتقل إلى الإعدادات > بطاقات SIM وشبكات الجوّال > إضافة eSIM.'),
      t('Scan the QR code your carrier gave you.', 'Pindai kode QR dari operator Anda.', 'Scannen Sie den QR-Code, den Sie von Ihrem Mobilfunkanbieter erhalten haben.', 'Scannez le code QR fourni par votre opérateur.', 'Escanea el código QR que te dio tu operador.', 'امسح رمز QR الذي قدّمه لك مشغّل شبكتك.'),
    ]],
  ['smart-home', '2026-10-12',
    t('Map your home with a robot vacuum', 'Memetakan rumah dengan robot vakum', 'Ihr Zuhause mit dem Saugroboter kartieren', 'Cartographier votre logement avec un robot aspirateur', 'Crear el mapa de tu casa con un robot aspirador', 'رسم خريطة لمنزلك باستخدام المكنسة الروبوتية'),
    t('Create a map and no-go zones.', 'Buat peta dan zona larangan.', 'Erstellen Sie eine Karte und Sperrzonen.', 'Créez une carte et des zones interdites.', 'Crea un mapa y zonas restringidas.', 'أنشئ خريطة ومناطق محظورة.'),
    [
      t('Run a first full clean with all doors open.', 'Jalankan pembersihan penuh pertama dengan semua pintu terbuka.', 'Starten Sie eine erste Komplettreinigung, während alle Türen offen stehen.', 'Lancez un premier nettoyage complet avec toutes les portes ouvertes.', 'Haz una primera limpieza completa con todas las puertas abiertas.', 'شغّل أول تنظيف كامل مع إبقاء جميع الأبواب مفتوحة.'),
      t('Edit rooms and no-go zones in the Xiaomi Home app.', 'Ubah ruangan dan zona larangan di aplikasi Xiaomi Home.', 'Bearbeiten Sie Räume und Sperrzonen in der Xiaomi Home App.', 'Modifiez les pièces et les zones interdites dans l’application Xiaomi Home.', 'Edita las habitaciones y las zonas restringidas en la app Xiaomi Home.', 'عدّل الغرف والمناطق المحظورة في تطبيق Xiaomi Home.'),
    ]],
  ['smart-home', '2026-07-21',
    t('Replace the air purifier filter', 'Mengganti filter pemurni udara', 'Filter des Luftreinigers wechseln', 'Remplacer le filtre du purificateur d’air', 'Cambiar el filtro del purificador de aire', 'استبدال فلتر منقّي الهواء'),
    t('When and how to change the filter.', 'Kapan dan bagaimana mengganti filter.', 'Wann und wie Sie den Filter wechseln.', 'Quand et comment changer le filtre.', 'Cuándo y cómo cambiar el filtro.', 'متى وكيف تستبدل الفلتر.'),
    [
      t('The app shows the remaining filter life.', 'Aplikasi menampilkan sisa umur filter.', 'Die App zeigt die verbleibende Lebensdauer des Filters an.', 'L’application indique la durée de vie restante du filtre.', 'La app muestra la vida útil restante del filtro.', 'يعرض التطبيق العمر المتبقي للفلتر.'),
      t('Open the back cover, take out the old filter and insert the new one with the tab outwards.', 'Buka penutup belakang, keluarkan filter lama, dan pasang filter baru dengan tab menghadap keluar.', 'Öffnen Sie die hintere Abdeckung, nehmen Sie den alten Filter heraus und setzen Sie den neuen mit der Lasche nach außen ein.', 'Ouvrez le capot arrière, retirez l’ancien filtre et insérez le nouveau, languette vers l’extérieur.', 'Abre la tapa trasera, saca el filtro usado y coloca el nuevo con la lengüeta hacia fuera.', 'افتح الغطاء الخلفي، وأخرج الفلتر القديم، ثم ركّب الفلتر الجديد مع توجيه اللسان إلى الخارج.'),
    ]],
  ['smart-home', '2026-06-30',
    t('Set up Xiaomi TV with Google TV', 'Menyiapkan Xiaomi TV dengan Google TV', 'Xiaomi TV mit Google TV einrichten', 'Configurer votre Xiaomi TV avec Google TV', 'Configurar tu Xiaomi TV con Google TV', 'إعداد Xiaomi TV بنظام Google TV'),
    t('Connect, sign in and install apps.', 'Hubungkan, masuk, dan instal aplikasi.', 'Verbinden, anmelden und Apps installieren.', 'Connexion, identification et installation des applications.', 'Conecta la TV, inicia sesión e instala apps.', 'الاتصال وتسجيل الدخول وتثبيت التطبيقات.'),
    [
      t('Connect to Wi-Fi and sign in with your Google Account.', 'Hubungkan ke Wi-Fi dan masuk dengan Akun Google.', 'Verbinden Sie den Fernseher mit Ihrem WLAN und melden Sie sich mit Ihrem Google-Konto an.', 'Connectez le téléviseur au Wi-Fi et identifiez-vous avec votre compte Google.', 'Conecta la TV a la red Wi-Fi e inicia sesión con tu cuenta de Google.', 'اتصل بشبكة Wi-Fi وسجّل الدخول باستخدام حسابك على Google.'),
      t('Choose your streaming apps during setup.', 'Pilih aplikasi streaming saat penyiapan.', 'Wählen Sie bei der Einrichtung Ihre Streaming-Apps aus.', 'Choisissez vos applications de streaming pendant la configuration.', 'Elige tus apps de streaming durante la configuración.', 'اختر تطبيقات البث التي تريدها أثناء الإعداد.'),
    ]],
  ['smart-office', '2026-09-09',
    t('Use your tablet as a second screen', 'Menggunakan tablet sebagai layar kedua', 'Tablet als zweiten Bildschirm nutzen', 'Utiliser votre tablette comme second écran', 'Usar tu tablet como segunda pantalla', 'استخدام جهازك اللوحي كشاشة ثانية'),
    t('Extend your laptop display with Xiaomi Pad.', 'Perluas layar laptop dengan Xiaomi Pad.', 'Erweitern Sie den Bildschirm Ihres Laptops mit dem Xiaomi Pad.', 'Étendez l’affichage de votre ordinateur portable avec Xiaomi Pad.', 'Amplía la pantalla de tu portátil con Xiaomi Pad.', 'وسّع شاشة حاسوبك المحمول باستخدام Xiaomi Pad.'),
    [
      t('Turn on Home screen > Cross-device display on both devices.', 'Aktifkan Tampilan lintas perangkat di kedua perangkat.', 'Aktivieren Sie auf beiden Geräten Startbildschirm > Geräteübergreifende Anzeige.', 'Activez Écran d’accueil > Affichage multi-appareils sur les deux appareils.', 'Activa Pantalla de inicio > Pantalla entre dispositivos en los dos dispositivos.', 'فعّل الشاشة الرئيسية > العرض عبر الأجهزة على كلا الجهازين.'),
      t('Drag windows between the screens.', 'Seret jendela di antara layar.', 'Ziehen Sie Fenster zwischen den Bildschirmen hin und her.', 'Faites glisser les fenêtres d’un écran à l’autre.', 'Arrastra ventanas de una pantalla a otra.', 'اسحب النوافذ بين الشاشتين.'),
    ]],
  ['smart-office', '2026-05-14',
    t('Set up a mesh Wi-Fi network', 'Menyiapkan jaringan Wi-Fi mesh', 'Mesh-WLAN einrichten', 'Configurer un réseau Wi-Fi maillé', 'Configurar una red Wi-Fi mesh', 'إعداد شبكة Wi-Fi من نوع Mesh'),
    t('Cover every room with Xiaomi Mesh System.', 'Jangkau setiap ruangan dengan Xiaomi Mesh System.', 'Versorgen Sie jeden Raum mit dem Xiaomi Mesh System.', 'Couvrez chaque pièce avec Xiaomi Mesh System.', 'Lleva la cobertura a todas las habitaciones con Xiaomi Mesh System.', 'وفّر التغطية لكل غرفة باستخدام Xiaomi Mesh System.'),
    [
      t('Connect the main unit to your modem and place the second unit halfway to the far rooms.', 'Hubungkan unit utama ke modem dan letakkan unit kedua di tengah menuju ruangan terjauh.', 'Verbinden Sie die Haupteinheit mit Ihrem Modem und stellen Sie die zweite Einheit auf halbem Weg zu den entfernten Räumen auf.', 'Branchez l’unité principale sur votre modem et placez la seconde unité à mi-chemin des pièces les plus éloignées.', 'Conecta la unidad principal al módem y coloca la segunda unidad a medio camino de las habitaciones más alejadas.', 'صِل الوحدة الرئيسية بالمودم، وضع الوحدة الثانية في منتصف المسافة إلى الغرف البعيدة.'),
    ]],
  ['lifestyle', '2026-10-20',
    t('Care for your electric scooter', 'Merawat skuter listrik', 'Pflege Ihres E-Scooters', 'Entretenir votre trottinette électrique', 'Cuidar tu patinete eléctrico', 'العناية بالسكوتر الكهربائي'),
    t('Checks that keep every ride safe.', 'Pemeriksaan agar setiap perjalanan aman.', 'Kontrollen, damit jede Fahrt sicher bleibt.', 'Les vérifications pour rouler en toute sécurité.', 'Revisiones para que cada trayecto sea seguro.', 'فحوصات تحافظ على سلامة كل رحلة.'),
    [
      t('Check tyre pressure weekly and the brakes before each ride.', 'Periksa tekanan ban setiap minggu dan rem sebelum berkendara.', 'Prüfen Sie wöchentlich den Reifendruck und vor jeder Fahrt die Bremsen.', 'Vérifiez la pression des pneus chaque semaine et les freins avant chaque trajet.', 'Revisa la presión de los neumáticos cada semana y los frenos antes de cada trayecto.', 'افحص ضغط الإطارات أسبوعيًا، والمكابح قبل كل رحلة.'),
      t('Store and charge the scooter indoors at room temperature.', 'Simpan dan isi daya skuter di dalam ruangan pada suhu ruang.', 'Bewahren Sie den E-Scooter in Innenräumen bei Zimmertemperatur auf und laden Sie ihn dort.', 'Rangez et rechargez la trottinette à l’intérieur, à température ambiante.', 'Guarda y carga el patinete en interiores a temperatura ambiente.', 'خزّن السكوتر واشحنه في مكان داخلي بدرجة حرارة الغرفة.'),
    ]],
  ['lifestyle', '2026-04-02',
    t('Pair earbuds with two devices', 'Menyambungkan earbud ke dua perangkat', 'Earbuds mit zwei Geräten koppeln', 'Associer vos écouteurs à deux appareils', 'Vincular tus auriculares con dos dispositivos', 'إقران سماعات الأذن بجهازين'),
    t('Switch between phone and laptop automatically.', 'Beralih otomatis antara ponsel dan laptop.', 'Wechseln Sie automatisch zwischen Smartphone und Laptop.', 'Passez automatiquement du téléphone à l’ordinateur portable.', 'Cambia automáticamente entre el móvil y el portátil.', 'بدّل تلقائيًا بين الهاتف والحاسوب المحمول.'),
    [
      t('Turn on dual connection in the Xiaomi Earbuds app.', 'Aktifkan koneksi ganda di aplikasi Xiaomi Earbuds.', 'Aktivieren Sie die Dual-Verbindung in der Xiaomi Earbuds App.', 'Activez la double connexion dans l’application Xiaomi Earbuds.', 'Activa la conexión dual en la app Xiaomi Earbuds.', 'فعّل الاتصال المزدوج في تطبيق Xiaomi Earbuds.'),
    ]],
  ['after-sales', '2026-10-28',
    t('Request a repair online', 'Mengajukan perbaikan online', 'Reparatur online beantragen', 'Demander une réparation en ligne', 'Solicitar una reparación online', 'طلب إصلاح عبر الإنترنت'),
    t('Send your device for repair without leaving home.', 'Kirim perangkat untuk diperbaiki tanpa keluar rumah.', 'Schicken Sie Ihr Gerät zur Reparatur ein, ohne das Haus zu verlassen.', 'Envoyez votre appareil en réparation sans sortir de chez vous.', 'Envía tu dispositivo a reparar sin salir de casa.', 'أرسل جهازك للإصلاح دون مغادرة منزلك.'),
    [
      t('Open Support > After-sales > Apply, describe the issue in 6 to 300 characters and upload proof of purchase.', 'Buka Dukungan > Purnajual > Ajukan, jelaskan masalah dalam 6 hingga 300 karakter, dan unggah bukti pembelian.', 'Öffnen Sie Support > Kundendienst > Beantragen, beschreiben Sie das Problem in 6 bis 300 Zeichen und laden Sie den Kaufbeleg hoch.', 'Ouvrez Assistance > Service après-vente > Faire une demande, décrivez le problème en 6 à 300 caractères et joignez votre preuve d’achat.', 'Abre Soporte > Servicio posventa > Solicitar, describe el problema en un texto de 6 a 300 caracteres y sube el justificante de compra.', 'افتح الدعم > خدمة ما بعد البيع > تقديم طلب، وصِف المشكلة في نص من 6 إلى 300 حرف، ثم ارفع إثبات الشراء.'),
      t('Follow the repair in Service progress.', 'Pantau perbaikan di Progres layanan.', 'Verfolgen Sie die Reparatur unter Reparaturstatus.', 'Suivez l’avancement de la réparation dans Suivi de réparation.', 'Sigue la reparación en Estado de la reparación.', 'تابع سير الإصلاح في صفحة «حالة الإصلاح».'),
    ]],
  ['after-sales', '2026-03-11',
    t('Returns and refunds explained', 'Penjelasan pengembalian dan pengembalian dana', 'Rückgaben und Erstattungen erklärt', 'Tout savoir sur les retours et les remboursements', 'Así funcionan las devoluciones y los reembolsos', 'شرح الإرجاع واسترداد الأموال'),
    t('Time limits and how the money comes back.', 'Batas waktu dan cara dana dikembalikan.', 'Fristen und wie Sie Ihr Geld zurückerhalten.', 'Les délais et le mode de remboursement.', 'Plazos y cómo te devolvemos el dinero.', 'المهل الزمنية وكيفية استرداد أموالك.'),
    [
      t('You have 14 days from delivery to return a product; refurbished products have 15 days.', 'Anda memiliki 14 hari sejak pengiriman untuk mengembalikan produk; produk rekondisi 15 hari.', 'Sie haben ab der Lieferung 14 Tage Zeit, ein Produkt zurückzugeben; bei generalüberholten Produkten sind es 15 Tage.', 'Vous disposez de 14 jours à compter de la livraison pour retourner un produit ; ce délai est de 15 jours pour les produits reconditionnés.', 'Tienes 14 días desde la entrega para devolver un producto; en los productos reacondicionados, el plazo es de 15 días.', 'لديك 14 يومًا من تاريخ التوصيل لإرجاع المنتج، وتمتد المهلة إلى 15 يومًا للمنتجات المجددة.'),
      t('Refunds go back to the original payment method within 15 working days.', 'Dana dikembalikan ke metode pembayaran awal dalam 15 hari kerja.', 'Die Erstattung erfolgt innerhalb von 15 Werktagen auf die ursprünglich verwendete Zahlungsart.', 'Le remboursement est effectué sur le moyen de paiement d’origine sous 15 jours ouvrés.', 'El reembolso se abona en el método de pago original en un plazo de 15 días laborables.', 'تُردّ المبالغ إلى وسيلة الدفع الأصلية خلال 15 يوم عمل.'),
    ]],
];

export function buildArticles(): ArticlesSnapshot {
  return {
    articles: articleSource.map(([category, updatedAt, title, summary, body], i) => ({ articleId: String(5001 + i), title, summary, body, category, updatedAt })),
  };
}
