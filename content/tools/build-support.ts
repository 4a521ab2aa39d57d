/** Support FAQ and help articles (English and Indonesian; other languages fall back to English). */
import type { ArticlesSnapshot } from '../schemas/articles.schema';
import type { FaqSnapshot } from '../schemas/faq.schema';
import type { Localized } from '../schemas/common.schema';

const e = (en: string, id: string): Localized => ({ en, id });
type Qa = [question: Localized, ...answer: Localized[]];

const faqSource: [title: Localized, items: Qa[]][] = [
  [{ en: 'Orders and payment', id: 'Pesanan dan pembayaran', de: 'Bestellung und Zahlung', fr: 'Commandes et paiement', es: 'Pedidos y pago', ar: 'الطلبات والدفع' }, [
    [e('How do I place an order?', 'Bagaimana cara membuat pesanan?'), e('Add the products to your cart, choose Check out, enter your address and pay.', 'Tambahkan produk ke keranjang, pilih Checkout, masukkan alamat, lalu bayar.')],
    [e('Which payment methods can I use?', 'Metode pembayaran apa saja yang tersedia?'), e('Cards, bank transfer, e-wallets and instalments are available; the list depends on your country.', 'Kartu, transfer bank, dompet digital, dan cicilan tersedia; daftarnya tergantung negara Anda.')],
    [e('Can I change my order after paying?', 'Bisakah saya mengubah pesanan setelah membayar?'), e('You can change the delivery address once while the order is processing.', 'Anda dapat mengubah alamat pengiriman satu kali selama pesanan diproses.'), e('To change products, cancel the order and place a new one.', 'Untuk mengganti produk, batalkan pesanan dan buat pesanan baru.')],
    [e('Why can’t I place a new order?', 'Mengapa saya tidak bisa membuat pesanan baru?'), e('An unpaid order blocks new orders. Pay for it or cancel it first.', 'Pesanan yang belum dibayar menghalangi pesanan baru. Bayar atau batalkan terlebih dahulu.')],
  ]],
  [{ en: 'Delivery', id: 'Pengiriman', de: 'Lieferung', fr: 'Livraison', es: 'Envío', ar: 'التوصيل' }, [
    [e('How long does delivery take?', 'Berapa lama pengiriman?'), e('Most orders arrive in 2 to 5 working days.', 'Sebagian besar pesanan tiba dalam 2 hingga 5 hari kerja.')],
    [e('How do I track my order?', 'Bagaimana cara melacak pesanan?'), e('Open My orders and choose Track.', 'Buka Pesanan saya dan pilih Lacak.')],
    [e('Do you deliver to other countries?', 'Apakah Anda mengirim ke negara lain?'), e('No. Each store delivers only within its own country.', 'Tidak. Setiap toko hanya mengirim di dalam negaranya sendiri.')],
    [e('Is there free shipping?', 'Apakah ada gratis ongkir?'), e('Orders above the free-shipping threshold shown at checkout ship for free.', 'Pesanan di atas batas gratis ongkir yang ditampilkan saat checkout dikirim gratis.')],
  ]],
  [{ en: 'Returns and warranty', id: 'Pengembalian dan garansi', de: 'Rückgabe und Garantie', fr: 'Retours et garantie', es: 'Devoluciones y garantía', ar: 'الإرجاع والضمان' }, [
    [e('How do I return a product?', 'Bagaimana cara mengembalikan produk?'), e('Request a return in My orders within 14 days of delivery.', 'Ajukan pengembalian di Pesanan saya dalam 14 hari setelah pengiriman.')],
    [e('When do I get my refund?', 'Kapan dana saya dikembalikan?'), e('Refunds are made within 15 working days after we receive the product.', 'Dana dikembalikan dalam 15 hari kerja setelah produk kami terima.')],
    [e('What does the warranty cover?', 'Apa yang dicakup garansi?'), e('Manufacturing defects under normal use. Accidental damage needs Xiaomi Care.', 'Cacat produksi dalam penggunaan normal. Kerusakan tidak disengaja memerlukan Xiaomi Care.')],
    [e('Do refurbished phones have a warranty?', 'Apakah ponsel rekondisi bergaransi?'), e('Yes, one year, plus a 15-day cooling-off period.', 'Ya, satu tahun, ditambah masa tenang 15 hari.')],
  ]],
  [{ en: 'Account and coupons', id: 'Akun dan kupon', de: 'Konto und Gutscheine', fr: 'Compte et coupons', es: 'Cuenta y cupones', ar: 'الحساب والقسائم' }, [
    [e('How do I create an account?', 'Bagaimana cara membuat akun?'), e('Choose Sign in / Sign up in the header and follow the steps.', 'Pilih Masuk / Daftar di bagian atas dan ikuti langkahnya.')],
    [e('How many coupons can I use?', 'Berapa kupon yang bisa saya gunakan?'), e('One coupon per purchase.', 'Satu kupon per pembelian.')],
    [e('What are Mi Points?', 'Apa itu Mi Points?'), e('Points you earn on orders; 10 points are worth Rp 100 and can pay up to 20% of the discounted price.', 'Poin dari setiap pesanan; 10 poin bernilai Rp 100 dan dapat membayar hingga 20% dari harga setelah diskon.')],
    [e('How do I unsubscribe from emails?', 'Bagaimana cara berhenti berlangganan email?'), e('Use the unsubscribe link at the bottom of any email.', 'Gunakan tautan berhenti berlangganan di bagian bawah email.')],
  ]],
  [{ en: 'Trade-in', id: 'Tukar tambah', de: 'Inzahlungnahme', fr: 'Reprise', es: 'Recompra', ar: 'الاستبدال' }, [
    [e('Which devices can I trade in?', 'Perangkat apa yang bisa ditukar?'), e('Phones of most brands in working condition.', 'Ponsel dari sebagian besar merek dalam kondisi berfungsi.')],
    [e('When is my old device collected?', 'Kapan perangkat lama saya diambil?'), e('Within 7 days of delivering your new device.', 'Dalam 7 hari setelah perangkat baru Anda dikirim.')],
    [e('Can I cancel a trade-in?', 'Bisakah saya membatalkan tukar tambah?'), e('Yes, until the exchange coupon is redeemed.', 'Ya, sampai kupon tukar tambah digunakan.')],
    [e('How many devices can I trade in?', 'Berapa perangkat yang bisa saya tukar?'), e('One device per exchange.', 'Satu perangkat per penukaran.')],
  ]],
  [{ en: 'Devices and software', id: 'Perangkat dan perangkat lunak', de: 'Geräte und Software', fr: 'Appareils et logiciels', es: 'Dispositivos y software', ar: 'الأجهزة والبرامج' }, [
    [e('How do I update HyperOS?', 'Bagaimana cara memperbarui HyperOS?'), e('Go to Settings > About phone > HyperOS version.', 'Buka Setelan > Tentang ponsel > Versi HyperOS.')],
    [e('How do I find my IMEI?', 'Bagaimana cara menemukan IMEI?'), e('Dial *#06#. The IMEI has 15 digits.', 'Tekan *#06#. IMEI terdiri dari 15 digit.')],
    [e('How do I connect a device to Xiaomi Home?', 'Bagaimana cara menghubungkan perangkat ke Xiaomi Home?'), e('Open the app, tap + and follow the pairing steps.', 'Buka aplikasi, ketuk + dan ikuti langkah pemasangan.')],
    [e('My scooter shows an error code. What now?', 'Skuter saya menampilkan kode kesalahan. Apa yang harus dilakukan?'), e('Check the code in the Xiaomi Home app and contact support if it stays.', 'Periksa kode di aplikasi Xiaomi Home dan hubungi dukungan jika tetap muncul.')],
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
  ['phone', '2026-10-02', e('Transfer data to your new Xiaomi phone', 'Pindahkan data ke ponsel Xiaomi baru'), e('Move contacts, photos and apps in a few steps.', 'Pindahkan kontak, foto, dan aplikasi dalam beberapa langkah.'), [e('Install Xiaomi Mi Mover on both phones.', 'Instal Xiaomi Mi Mover di kedua ponsel.'), e('Scan the code on the new phone with the old one and choose what to copy.', 'Pindai kode di ponsel baru dengan ponsel lama dan pilih data yang disalin.')]],
  ['phone', '2026-09-18', e('Extend battery life', 'Memperpanjang daya tahan baterai'), e('Settings that make a charge last longer.', 'Pengaturan agar baterai lebih awet.'), [e('Turn on Battery saver and lower the refresh rate when you need more hours.', 'Aktifkan Penghemat baterai dan turunkan refresh rate bila perlu.'), e('Avoid leaving the phone in the sun while charging.', 'Hindari menaruh ponsel di bawah sinar matahari saat mengisi daya.')]],
  ['phone', '2026-08-05', e('Set up eSIM', 'Menyiapkan eSIM'), e('Activate an eSIM profile from your carrier.', 'Aktifkan profil eSIM dari operator.'), [e('Go to Settings > SIM cards & mobile networks > Add eSIM.', 'Buka Setelan > Kartu SIM & jaringan seluler > Tambah eSIM.'), e('Scan the QR code your carrier gave you.', 'Pindai kode QR dari operator Anda.')]],
  ['smart-home', '2026-10-12', e('Map your home with a robot vacuum', 'Memetakan rumah dengan robot vakum'), e('Create a map and no-go zones.', 'Buat peta dan zona larangan.'), [e('Run a first full clean with all doors open.', 'Jalankan pembersihan penuh pertama dengan semua pintu terbuka.'), e('Edit rooms and no-go zones in the Xiaomi Home app.', 'Ubah ruangan dan zona larangan di aplikasi Xiaomi Home.')]],
  ['smart-home', '2026-07-21', e('Replace the air purifier filter', 'Mengganti filter pemurni udara'), e('When and how to change the filter.', 'Kapan dan bagaimana mengganti filter.'), [e('The app shows the remaining filter life.', 'Aplikasi menampilkan sisa umur filter.'), e('Open the back cover, take out the old filter and insert the new one with the tab outwards.', 'Buka penutup belakang, keluarkan filter lama, dan pasang filter baru dengan tab menghadap keluar.')]],
  ['smart-home', '2026-06-30', e('Set up Xiaomi TV with Google TV', 'Menyiapkan Xiaomi TV dengan Google TV'), e('Connect, sign in and install apps.', 'Hubungkan, masuk, dan instal aplikasi.'), [e('Connect to Wi-Fi and sign in with your Google Account.', 'Hubungkan ke Wi-Fi dan masuk dengan Akun Google.'), e('Choose your streaming apps during setup.', 'Pilih aplikasi streaming saat penyiapan.')]],
  ['smart-office', '2026-09-09', e('Use your tablet as a second screen', 'Menggunakan tablet sebagai layar kedua'), e('Extend your laptop display with Xiaomi Pad.', 'Perluas layar laptop dengan Xiaomi Pad.'), [e('Turn on Home screen > Cross-device display on both devices.', 'Aktifkan Tampilan lintas perangkat di kedua perangkat.'), e('Drag windows between the screens.', 'Seret jendela di antara layar.')]],
  ['smart-office', '2026-05-14', e('Set up a mesh Wi-Fi network', 'Menyiapkan jaringan Wi-Fi mesh'), e('Cover every room with Xiaomi Mesh System.', 'Jangkau setiap ruangan dengan Xiaomi Mesh System.'), [e('Connect the main unit to your modem and place the second unit halfway to the far rooms.', 'Hubungkan unit utama ke modem dan letakkan unit kedua di tengah menuju ruangan terjauh.')]],
  ['lifestyle', '2026-10-20', e('Care for your electric scooter', 'Merawat skuter listrik'), e('Checks that keep every ride safe.', 'Pemeriksaan agar setiap perjalanan aman.'), [e('Check tyre pressure weekly and the brakes before each ride.', 'Periksa tekanan ban setiap minggu dan rem sebelum berkendara.'), e('Store and charge the scooter indoors at room temperature.', 'Simpan dan isi daya skuter di dalam ruangan pada suhu ruang.')]],
  ['lifestyle', '2026-04-02', e('Pair earbuds with two devices', 'Menyambungkan earbud ke dua perangkat'), e('Switch between phone and laptop automatically.', 'Beralih otomatis antara ponsel dan laptop.'), [e('Turn on dual connection in the Xiaomi Earbuds app.', 'Aktifkan koneksi ganda di aplikasi Xiaomi Earbuds.')]],
  ['after-sales', '2026-10-28', e('Request a repair online', 'Mengajukan perbaikan online'), e('Send your device for repair without leaving home.', 'Kirim perangkat untuk diperbaiki tanpa keluar rumah.'), [e('Open Support > After-sales > Apply, describe the issue in 6 to 300 characters and upload proof of purchase.', 'Buka Dukungan > Purnajual > Ajukan, jelaskan masalah dalam 6 hingga 300 karakter, dan unggah bukti pembelian.'), e('Follow the repair in Service progress.', 'Pantau perbaikan di Progres layanan.')]],
  ['after-sales', '2026-03-11', e('Returns and refunds explained', 'Penjelasan pengembalian dan pengembalian dana'), e('Time limits and how the money comes back.', 'Batas waktu dan cara dana dikembalikan.'), [e('You have 14 days from delivery to return a product; refurbished products have 15 days.', 'Anda memiliki 14 hari sejak pengiriman untuk mengembalikan produk; produk rekondisi 15 hari.'), e('Refunds go back to the original payment method within 15 working days.', 'Dana dikembalikan ke metode pembayaran awal dalam 15 hari kerja.')]],
];

export function buildArticles(): ArticlesSnapshot {
  return {
    articles: articleSource.map(([category, updatedAt, title, summary, body], i) => ({ articleId: String(5001 + i), title, summary, body, category, updatedAt })),
  };
}
