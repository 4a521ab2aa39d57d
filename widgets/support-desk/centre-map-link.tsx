import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { AppUpdateNotice } from '../lib/app-update-notice';
import { isVersionTooLow, readiness, type VersionTooLow } from '../lib/app-bridge/call';
import { openMaps } from '../lib/app-bridge/open-maps';
import type { MapPlace } from '../lib/app-bridge/contract';
import type { BridgeWindow } from '../lib/app-bridge/host';
import type { Centre } from '../request/support-api';
import type { Strings } from '../lib/support-parts';

/** The centre as the phone's maps show it. */
export function centrePlace(centre: Centre): MapPlace {
  const address = `${centre.address}, ${centre.postalCode ? `${centre.postalCode} ` : ''}${centre.city}`;
  return { lat: centre.latitude, lng: centre.longitude, name: centre.name, address };
}

/**
 * Takes a click on the map link in the store app: the app's maps when it has them, a refusal when it is too old for
 * them (the island then says to update it); in a browser, or an app without the bridge, the link opens the map page.
 */
export function centreMapClick(
  e: Pick<Event, 'preventDefault'>,
  place: MapPlace,
  w: BridgeWindow = window,
): Promise<VersionTooLow | null> {
  const ready = readiness('openMaps', w);
  if (ready.kind === 'fallback') return Promise.resolve(null);
  e.preventDefault();
  if (ready.kind === 'version-too-low') return Promise.resolve(ready);
  return openMaps(place, w).then((opened) => (isVersionTooLow(opened) ? opened : null));
}

/** The centre's map link; in the store app its maps, or the notice to update an app too old for them. */
export function CentreMapLink({ s, centre }: { s: Strings; centre: Centre }) {
  const tooLow = useSignal<VersionTooLow | null>(null);
  const place = centrePlace(centre);
  return (
    <>
      <p>
        <a
          href={centre.mapUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-map-lat={place.lat}
          data-map-lng={place.lng}
          data-map-name={place.name}
          data-map-address={place.address}
          onClick={(e) => void centreMapClick(e, place).then((refusal) => (tooLow.value = refusal))}
        >
          {t(s, 'supportDesk.centres.map')}
        </a>
      </p>
      {tooLow.value ? <AppUpdateNotice strings={s} refusal={tooLow.value} /> : null}
    </>
  );
}
