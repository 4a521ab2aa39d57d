import type { AnalyticsContext } from '../../../server/schemas/analytics';
import { site } from '../../state/site';
import { deviceClass } from '../breakpoint';
import { storeAppVersion } from '../store-app-agent';
import type { AppIds } from './app-ids';
import type { Visit } from './visit';

/** The app bridge's ids go into the batch only in the collector's id form (anything else would void the batch). */
const ID = /^[\w.:-]{1,64}$/;
/** The app's version likewise, in the collector's form (numbers only, no pre-release). */
const VERSION = /^\d+(\.\d+){0,3}$/;

/**
 * What every event of the page's batches shares. The page type and the release are attributes the build writes on
 * `<html>` (data-page-type, data-release); the device class is the layout's, from the viewport's width.
 */
export function pageContext(visit: Visit, app: AppIds): AnalyticsContext {
  const html = document.documentElement;
  const context: AnalyticsContext = {
    visitId: visit.id,
    lang: html.lang || 'und',
    pageType: html.dataset['pageType'] || 'unknown',
    release: html.dataset['release'] ?? '',
    device: deviceClass(window.innerWidth),
    app: site.value.app,
    channel: visit.channel,
  };
  if (visit.campaign) context.campaign = visit.campaign;
  const appVersion = storeAppVersion(navigator.userAgent ?? '');
  if (appVersion && VERSION.test(appVersion) && appVersion.length <= 20) context.appVersion = appVersion;
  if (app && ID.test(app.instanceId) && ID.test(app.sessionId)) {
    context.instanceId = app.instanceId;
    context.appSessionId = app.sessionId;
  }
  return context;
}
