import { t } from './strings';
import type { VersionTooLow } from './app-bridge/call';

/**
 * "This needs a newer app" where an island asked the store app for something its version lacks, linking to the
 * app's page in its platform's store (the App Store or Google Play), where the shopper updates it.
 */
export function AppUpdateNotice({
  strings,
  refusal,
}: {
  strings: Record<string, string> | undefined;
  refusal: VersionTooLow;
}) {
  return (
    <p
      class="notice app-update-notice"
      role="alert"
      data-testid="app-version-too-low"
      data-needs={refusal.needs}
      data-running={refusal.running}
    >
      <a href={refusal.storeUrl} rel="noopener noreferrer">
        {t(strings, 'app.versionTooLow')}
      </a>
    </p>
  );
}
