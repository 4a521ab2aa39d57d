/**
 * The service-centre snapshot: authorised service centres of id, in, de, fr and es with their opening
 * hours, services and appointment slots. Addresses are of the store's own (fictional) centres in real cities, so
 * the city filter and the map links have something true to show.
 */
import type { ServiceCentre, ServiceCentreCountry, ServiceCentresSnapshot } from '../schemas/service-centres.schema';

type Hours = ServiceCentre['hours'];
const day = (open: string, close: string) => ({ open, close });
/** Mall centres open every day; street centres close on Sunday. */
const MALL: Hours = { mon: day('10:00', '21:00'), tue: day('10:00', '21:00'), wed: day('10:00', '21:00'), thu: day('10:00', '21:00'), fri: day('10:00', '21:00'), sat: day('10:00', '21:00'), sun: day('10:00', '21:00') };
const OFFICE: Hours = { mon: day('09:00', '18:00'), tue: day('09:00', '18:00'), wed: day('09:00', '18:00'), thu: day('09:00', '18:00'), fri: day('09:00', '18:00'), sat: day('09:00', '14:00'), sun: null };
const EUROPE: Hours = { mon: day('09:30', '18:30'), tue: day('09:30', '18:30'), wed: day('09:30', '18:30'), thu: day('09:30', '18:30'), fri: day('09:30', '18:30'), sat: day('10:00', '16:00'), sun: null };
const ALL = ['repair', 'battery', 'screen', 'software', 'inspection'] as ServiceCentre['services'];
const QUICK = ['battery', 'screen', 'software'] as ServiceCentre['services'];

const countries: ServiceCentreCountry[] = [
  {
    local: 'id',
    changeCutoffHours: 2,
    minLeadMinutes: 60,
    bookingHorizonDays: 30,
    centres: [
      { id: 'id-jakarta-sudirman', name: 'Mi Service Center Sudirman', city: 'Jakarta', address: 'Jl. Jend. Sudirman Kav. 52-53, Senayan, Kebayoran Baru', postalCode: '12190', phone: '021-5084-1100', latitude: -6.2254, longitude: 106.8096, services: ALL, slotMinutes: 30, capacity: 3, hours: OFFICE },
      { id: 'id-jakarta-kelapa-gading', name: 'Mi Service Center Kelapa Gading', city: 'Jakarta', address: 'Mal Kelapa Gading 3, Lt. 2, Jl. Boulevard Kelapa Gading', postalCode: '14240', phone: '021-4585-3300', latitude: -6.1574, longitude: 106.9085, services: QUICK, slotMinutes: 30, capacity: 2, hours: MALL },
      { id: 'id-surabaya-tunjungan', name: 'Mi Service Center Surabaya', city: 'Surabaya', address: 'Tunjungan Plaza 6, Lt. 4, Jl. Basuki Rahmat No. 8-12', postalCode: '60261', phone: '031-5311-8800', latitude: -7.2624, longitude: 112.7390, services: ALL, slotMinutes: 45, capacity: 2, hours: MALL },
      { id: 'id-bandung-dago', name: 'Mi Service Center Bandung', city: 'Bandung', address: 'Jl. Ir. H. Juanda No. 61, Dago, Coblong', postalCode: '40116', phone: '022-2504-7700', latitude: -6.8947, longitude: 107.6130, services: ['repair', 'battery', 'inspection'], slotMinutes: 60, capacity: 2, hours: OFFICE },
    ],
  },
  {
    local: 'in',
    changeCutoffHours: 4,
    minLeadMinutes: 120,
    bookingHorizonDays: 21,
    centres: [
      { id: 'in-bengaluru-koramangala', name: 'Xiaomi Service Centre Koramangala', city: 'Bengaluru', address: '80 Feet Road, 4th Block, Koramangala', postalCode: '560034', phone: '080-6189-4400', latitude: 12.9352, longitude: 77.6245, services: ALL, slotMinutes: 30, capacity: 4, hours: OFFICE },
      { id: 'in-mumbai-andheri', name: 'Xiaomi Service Centre Andheri', city: 'Mumbai', address: 'Shop 12, Link Square Mall, Linking Road, Andheri West', postalCode: '400053', phone: '022-6170-2200', latitude: 19.1364, longitude: 72.8296, services: ALL, slotMinutes: 30, capacity: 3, hours: MALL },
      { id: 'in-delhi-nehru-place', name: 'Xiaomi Service Centre Nehru Place', city: 'New Delhi', address: 'Unit 105, Eros Apartment, Nehru Place', postalCode: '110019', phone: '011-4160-3300', latitude: 28.5494, longitude: 77.2519, services: QUICK, slotMinutes: 30, capacity: 3, hours: OFFICE },
    ],
  },
  {
    local: 'de',
    changeCutoffHours: 24,
    minLeadMinutes: 240,
    bookingHorizonDays: 30,
    centres: [
      { id: 'de-berlin-mitte', name: 'Xiaomi Service Berlin Mitte', city: 'Berlin', address: 'Friedrichstraße 68', postalCode: '10117', phone: '030 2094 5500', latitude: 52.5117, longitude: 13.3893, services: ALL, slotMinutes: 30, capacity: 2, hours: EUROPE },
      { id: 'de-muenchen-zentrum', name: 'Xiaomi Service München', city: 'München', address: 'Sendlinger Straße 3', postalCode: '80331', phone: '089 2555 4400', latitude: 48.1352, longitude: 11.5707, services: ['repair', 'battery', 'screen'], slotMinutes: 45, capacity: 2, hours: EUROPE },
    ],
  },
  {
    local: 'fr',
    changeCutoffHours: 24,
    minLeadMinutes: 240,
    bookingHorizonDays: 30,
    centres: [
      { id: 'fr-paris-republique', name: 'Centre de service Xiaomi République', city: 'Paris', address: '12 boulevard du Temple', postalCode: '75011', phone: '01 84 88 31 00', latitude: 48.8651, longitude: 2.3651, services: ALL, slotMinutes: 30, capacity: 2, hours: EUROPE },
      { id: 'fr-lyon-part-dieu', name: 'Centre de service Xiaomi Lyon', city: 'Lyon', address: '17 rue du Docteur Bouchut', postalCode: '69003', phone: '04 28 29 31 00', latitude: 45.7609, longitude: 4.8575, services: QUICK, slotMinutes: 30, capacity: 2, hours: EUROPE },
    ],
  },
  {
    local: 'es',
    changeCutoffHours: 24,
    minLeadMinutes: 240,
    bookingHorizonDays: 30,
    centres: [
      { id: 'es-madrid-gran-via', name: 'Servicio técnico Xiaomi Gran Vía', city: 'Madrid', address: 'Calle Gran Vía 48', postalCode: '28013', phone: '910 37 22 00', latitude: 40.4203, longitude: -3.7058, services: ALL, slotMinutes: 30, capacity: 2, hours: EUROPE },
      { id: 'es-barcelona-eixample', name: 'Servicio técnico Xiaomi Barcelona', city: 'Barcelona', address: 'Carrer d’Aragó 255', postalCode: '08007', phone: '932 20 41 00', latitude: 41.3917, longitude: 2.1649, services: ['repair', 'battery', 'screen', 'inspection'], slotMinutes: 60, capacity: 3, hours: EUROPE },
    ],
  },
];

export function buildServiceCentres(): ServiceCentresSnapshot {
  return { countries };
}
