import { storeMapUrl } from '../../../content/store-links';
import { callApp, type VersionTooLow } from './call';
import type { MapPlace } from './contract';
import type { BridgeWindow } from './host';
import { openInBrowser } from './open-url';

/**
 * Shows a place in the app's maps; outside the app, or when the app does not answer, the map page the store's links
 * use, in a new tab. An app older than maps in its bridge is refused, for the island to say "update the app".
 */
export async function openMaps(place: MapPlace, w: BridgeWindow = window): Promise<'app' | 'browser' | VersionTooLow> {
  const outcome = await callApp('openMaps', place, w);
  if (outcome.kind === 'version-too-low') return outcome;
  if (outcome.kind === 'app') return 'app';
  openInBrowser(storeMapUrl(place.lat, place.lng), w);
  return 'browser';
}
