import { callApp } from './call';
import type { LocationPermission } from './contract';
import type { BridgeWindow } from './host';

/** The browser's word on geolocation: the Permissions API, else 'prompt' when it can ask at all. */
async function browserLocationPermission(w: BridgeWindow): Promise<LocationPermission> {
  const nav = w.navigator as Navigator | undefined;
  try {
    const status = await nav?.permissions?.query({ name: 'geolocation' });
    if (status?.state === 'granted' || status?.state === 'denied' || status?.state === 'prompt') return status.state;
  } catch {
    // Older Safari has no geolocation in the Permissions API: whether it can ask decides.
  }
  return nav?.geolocation ? 'prompt' : 'denied';
}

/** Whether the page may know the phone's location: the app's permission in the app, the browser's outside it. */
export async function locationPermission(w: BridgeWindow = window): Promise<LocationPermission> {
  const outcome = await callApp('locationPermission', {}, w);
  return outcome.kind === 'app' ? outcome.value : browserLocationPermission(w);
}
