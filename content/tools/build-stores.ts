/**
 * The stores snapshot: Xiaomi stores and authorised stores of the countries that run a store finder, with
 * their address, coordinates (for the map link) and opening hours. Store ids are fixed so links stay valid.
 */
import type { Store, StoresSnapshot } from '../schemas/stores.schema';

type Hours = Store['hours'];
const everyDay = (opens: string, closes: string): Hours => [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], opens, closes }];
const weekAndWeekend = (week: [string, string], sat: [string, string], sun?: [string, string]): Hours => [
  { days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: week[0], closes: week[1] },
  { days: ['sat'], opens: sat[0], closes: sat[1] },
  ...(sun ? [{ days: ['sun' as const], opens: sun[0], closes: sun[1] }] : []),
];
/** Malls in Indonesia open every day 10:00-22:00. */
const mall = everyDay('10:00', '22:00');

export function buildStores(): StoresSnapshot {
  return {
    countries: [
      {
        local: 'id',
        stores: [
          { storeId: '62001', name: 'Xiaomi Store Grand Indonesia', kind: 'xiaomi-store', address: 'Grand Indonesia West Mall Lt. 3, Jl. M.H. Thamrin No. 1', city: 'Jakarta Pusat', postalCode: '10310', phone: '+62 21 2358 0123', latitude: -6.1951, longitude: 106.8197, hours: mall, services: ['sales', 'pickup', 'trade-in'] },
          { storeId: '62002', name: 'Xiaomi Store Mall Kelapa Gading', kind: 'xiaomi-store', address: 'Mal Kelapa Gading 3 Lt. 1, Jl. Boulevard Kelapa Gading', city: 'Jakarta Utara', postalCode: '14240', phone: '+62 21 4585 3321', latitude: -6.1573, longitude: 106.9087, hours: mall, services: ['sales', 'repair', 'pickup'] },
          { storeId: '62003', name: 'Xiaomi Store Tunjungan Plaza', kind: 'xiaomi-store', address: 'Tunjungan Plaza 6 Lt. 4, Jl. Basuki Rachmat No. 8-12', city: 'Surabaya', postalCode: '60261', phone: '+62 31 5311 7788', latitude: -7.2622, longitude: 112.7386, hours: mall, services: ['sales', 'repair', 'trade-in'] },
          { storeId: '62004', name: 'Xiaomi Store Paris Van Java', kind: 'xiaomi-store', address: 'Paris Van Java Mall Lt. GF, Jl. Sukajadi No. 131-139', city: 'Bandung', postalCode: '40162', phone: '+62 22 8206 4455', latitude: -6.8892, longitude: 107.5961, hours: mall, services: ['sales', 'pickup'] },
          { storeId: '62005', name: 'Xiaomi Authorised Store Sun Plaza', kind: 'authorised-store', address: 'Sun Plaza Lt. 2, Jl. K.H. Zainul Arifin No. 7', city: 'Medan', postalCode: '20152', phone: '+62 61 4501 2290', latitude: 3.5834, longitude: 98.6719, hours: mall, services: ['sales'] },
          { storeId: '62006', name: 'Xiaomi Service Point Denpasar', kind: 'service-point', address: 'Jl. Teuku Umar No. 208', city: 'Denpasar', postalCode: '80114', phone: '+62 361 224 118', latitude: -8.6744, longitude: 115.2063, hours: weekAndWeekend(['09:00', '18:00'], ['09:00', '15:00']), services: ['repair', 'pickup'] },
        ],
      },
      {
        local: 'de',
        stores: [
          { storeId: '49001', name: 'Xiaomi Store Berlin Alexa', kind: 'xiaomi-store', address: 'Grunerstraße 20, Alexa Einkaufszentrum, EG', city: 'Berlin', postalCode: '10179', phone: '+49 30 2475 1190', latitude: 52.5194, longitude: 13.4153, hours: weekAndWeekend(['10:00', '21:00'], ['10:00', '21:00']), services: ['sales', 'pickup', 'trade-in'] },
          { storeId: '49002', name: 'Xiaomi Store München Pasing Arcaden', kind: 'xiaomi-store', address: 'Pasinger Bahnhofsplatz 5, Pasing Arcaden, 1. OG', city: 'München', postalCode: '81241', phone: '+49 89 8299 4410', latitude: 48.1497, longitude: 11.4613, hours: weekAndWeekend(['09:30', '20:00'], ['09:30', '20:00']), services: ['sales', 'repair'] },
          { storeId: '49003', name: 'Xiaomi Store Hamburg Europa Passage', kind: 'xiaomi-store', address: 'Ballindamm 40, Europa Passage, UG', city: 'Hamburg', postalCode: '20095', phone: '+49 40 3250 6670', latitude: 53.5523, longitude: 9.9945, hours: weekAndWeekend(['10:00', '20:00'], ['10:00', '20:00']), services: ['sales', 'pickup'] },
          { storeId: '49004', name: 'Xiaomi Authorised Store Köln Hohe Straße', kind: 'authorised-store', address: 'Hohe Straße 111', city: 'Köln', postalCode: '50667', phone: '+49 221 2578 330', latitude: 50.9365, longitude: 6.9551, hours: weekAndWeekend(['10:00', '20:00'], ['10:00', '20:00']), services: ['sales'] },
        ],
      },
      {
        local: 'fr',
        stores: [
          { storeId: '33001', name: 'Xiaomi Store Paris Les Halles', kind: 'xiaomi-store', address: '101 Porte Berger, Westfield Forum des Halles, niveau -2', city: 'Paris', postalCode: '75001', phone: '+33 1 4026 1180', latitude: 48.8625, longitude: 2.3469, hours: weekAndWeekend(['10:00', '20:30'], ['10:00', '20:30'], ['11:00', '19:00']), services: ['sales', 'pickup', 'trade-in'] },
          { storeId: '33002', name: 'Xiaomi Store Lyon Part-Dieu', kind: 'xiaomi-store', address: '17 rue du Docteur Bouchut, Westfield La Part-Dieu, niveau 2', city: 'Lyon', postalCode: '69003', phone: '+33 4 7260 4412', latitude: 45.7609, longitude: 4.8563, hours: weekAndWeekend(['10:00', '20:00'], ['10:00', '20:00'], ['11:00', '19:00']), services: ['sales', 'repair'] },
          { storeId: '33003', name: 'Xiaomi Store Marseille Terrasses du Port', kind: 'xiaomi-store', address: '9 quai du Lazaret, Les Terrasses du Port, niveau 1', city: 'Marseille', postalCode: '13002', phone: '+33 4 9156 2230', latitude: 43.3103, longitude: 5.3662, hours: weekAndWeekend(['10:00', '20:00'], ['10:00', '20:00']), services: ['sales'] },
        ],
      },
      {
        local: 'es',
        stores: [
          { storeId: '34001', name: 'Xiaomi Store Madrid Gran Vía', kind: 'xiaomi-store', address: 'Calle Gran Vía 32', city: 'Madrid', postalCode: '28013', phone: '+34 915 21 4410', latitude: 40.4203, longitude: -3.7050, hours: weekAndWeekend(['10:00', '22:00'], ['10:00', '22:00'], ['11:00', '21:00']), services: ['sales', 'pickup', 'trade-in'] },
          { storeId: '34002', name: 'Xiaomi Store Barcelona Diagonal Mar', kind: 'xiaomi-store', address: 'Avinguda Diagonal 3, Centre Comercial Diagonal Mar, planta 1', city: 'Barcelona', postalCode: '08019', phone: '+34 933 56 2280', latitude: 41.4098, longitude: 2.2163, hours: weekAndWeekend(['10:00', '22:00'], ['10:00', '22:00']), services: ['sales', 'repair'] },
          { storeId: '34003', name: 'Xiaomi Store Valencia Bonaire', kind: 'xiaomi-store', address: 'Autovía A-3 km 345, Centro Comercial Bonaire', city: 'Aldaia (Valencia)', postalCode: '46960', phone: '+34 961 57 0912', latitude: 39.4626, longitude: -0.4926, hours: weekAndWeekend(['10:00', '22:00'], ['10:00', '22:00']), services: ['sales'] },
        ],
      },
      {
        local: 'in',
        stores: [
          { storeId: '91001', name: 'Xiaomi Store Bengaluru Phoenix Marketcity', kind: 'xiaomi-store', address: 'Ground Floor, Phoenix Marketcity, Whitefield Main Road, Mahadevapura', city: 'Bengaluru', postalCode: '560048', phone: '+91 80 6726 6600', latitude: 12.9975, longitude: 77.6963, hours: everyDay('11:00', '22:00'), services: ['sales', 'pickup', 'trade-in'] },
          { storeId: '91002', name: 'Xiaomi Store Delhi Select Citywalk', kind: 'xiaomi-store', address: 'First Floor, Select Citywalk, Saket District Centre', city: 'New Delhi', postalCode: '110017', phone: '+91 11 4050 8890', latitude: 28.5286, longitude: 77.2191, hours: everyDay('11:00', '21:30'), services: ['sales', 'repair'] },
          { storeId: '91003', name: 'Xiaomi Store Mumbai Phoenix Palladium', kind: 'xiaomi-store', address: 'Level 1, Palladium Mall, Senapati Bapat Marg, Lower Parel', city: 'Mumbai', postalCode: '400013', phone: '+91 22 6180 0501', latitude: 19.0008, longitude: 72.8258, hours: everyDay('11:00', '22:00'), services: ['sales', 'pickup'] },
        ],
      },
      {
        local: 'ae',
        stores: [
          { storeId: '97101', name: 'Xiaomi Store Dubai Mall', kind: 'xiaomi-store', address: 'Lower Ground Floor, The Dubai Mall, Financial Centre Road', city: 'Dubai', phone: '+971 4 388 2210', latitude: 25.1972, longitude: 55.2796, hours: everyDay('10:00', '23:59'), services: ['sales', 'pickup'] },
          { storeId: '97102', name: 'Xiaomi Store Yas Mall', kind: 'xiaomi-store', address: 'Ground Floor, Yas Mall, Yas Island', city: 'Abu Dhabi', phone: '+971 2 565 0198', latitude: 24.4889, longitude: 54.6087, hours: everyDay('10:00', '22:00'), services: ['sales', 'repair'] },
        ],
      },
      {
        local: 'it',
        stores: [
          { storeId: '39001', name: 'Xiaomi Store Milano Corso Buenos Aires', kind: 'xiaomi-store', address: 'Corso Buenos Aires 33', city: 'Milano', postalCode: '20124', phone: '+39 02 2951 8830', latitude: 45.4786, longitude: 9.2105, hours: weekAndWeekend(['10:00', '20:00'], ['10:00', '20:00'], ['11:00', '19:00']), services: ['sales', 'pickup', 'trade-in'] },
          { storeId: '39002', name: 'Xiaomi Store Roma Porta di Roma', kind: 'xiaomi-store', address: 'Via Alberto Lionello 201, Centro Commerciale Porta di Roma', city: 'Roma', postalCode: '00139', phone: '+39 06 8720 4412', latitude: 41.9727, longitude: 12.5389, hours: everyDay('10:00', '21:00'), services: ['sales', 'repair'] },
        ],
      },
      {
        local: 'my',
        stores: [
          { storeId: '60001', name: 'Xiaomi Store Mid Valley Megamall', kind: 'xiaomi-store', address: 'Lot F-047, First Floor, Mid Valley Megamall, Lingkaran Syed Putra', city: 'Kuala Lumpur', postalCode: '59200', phone: '+60 3 2201 3380', latitude: 3.1177, longitude: 101.6775, hours: everyDay('10:00', '22:00'), services: ['sales', 'pickup'] },
          { storeId: '60002', name: 'Xiaomi Store Gurney Plaza', kind: 'xiaomi-store', address: '170-03-21, Gurney Plaza, Persiaran Gurney', city: 'George Town', postalCode: '10250', phone: '+60 4 228 1190', latitude: 5.4375, longitude: 100.3097, hours: everyDay('10:00', '22:00'), services: ['sales', 'repair'] },
        ],
      },
    ],
  };
}
