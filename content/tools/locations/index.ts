/** Every country's stores and service centres beyond the first launch countries, region by region. */
import { americasAndOceania } from './americas-oceania';
import { asia } from './asia';
import { easternEurope } from './europe-east';
import { westernEurope } from './europe-west';
import type { CountryLocations } from './kit';
import { middleEastAndAfrica } from './middle-east-africa';

export const moreLocations: readonly CountryLocations[] = [
  ...westernEurope,
  ...easternEurope,
  ...asia,
  ...americasAndOceania,
  ...middleEastAndAfrica,
];
