import path from 'node:path';
import { EsbuildPlugin } from 'esbuild-loader';
import { BannerPlugin, Compilation, type Configuration } from 'webpack';
import { InjectManifest } from 'workbox-webpack-plugin';
import type { WidgetName } from '../contract';
import { COMPILE_HINT, ISLAND_CHUNK } from './compile-hint';

export const WIDGETS_DIR = path.resolve(__dirname, '..');
export const DIST_DIR = path.join(WIDGETS_DIR, 'dist');
export const PUBLIC_PATH = '/_widgets/';
/**
 * The storefront service worker before the site build fills in each storefront's config. It sits outside dist/
 * because dist/ is published as /_widgets/, and a worker without its config must not be served.
 */
export const SERVICE_WORKER_TEMPLATE = path.join(WIDGETS_DIR, 'dist-service-worker', 'service-worker.js');

/**
 * Islands that draw only a shopper's own data, on pages the service worker never answers offline (cart, checkout,
 * user area, support desk): precaching them would add about 46 KB gzip to every first visit for nothing. Online they
 * load as usual (and stay in the HTTP cache, hashed and immutable).
 */
const NOT_PRECACHED: WidgetName[] = ['cart', 'checkout', 'user-area', 'support-desk', 'release-console'];

/**
 * Chunks a page fetches only with the shopper's consent to analytics (widgets/lib/analytics/): precached, a shopper
 * who declined would download them all the same.
 */
const LOADED_WITH_CONSENT = ['analytics', 'traffic'];

/**
 * ES-module output with content-hashed names: one entry (the runtime, with the request layer and the consent gate)
 * and one async chunk per widget, plus shared chunks (preact, signals, helpers) that load only with a widget.
 */
export function webpackConfig(mode: 'production' | 'development' = 'production'): Configuration {
  return {
    mode,
    context: WIDGETS_DIR,
    target: ['web', 'es2020'],
    entry: { runtime: './runtime/index.ts' },
    devtool: mode === 'production' ? false : 'source-map',
    experiments: { outputModule: true },
    output: {
      path: DIST_DIR,
      publicPath: PUBLIC_PATH,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      module: true,
      chunkFormat: 'module',
      chunkLoading: 'import',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic', jsxImportSource: 'preact' },
        },
      ],
    },
    optimization: {
      minimizer: [new EsbuildPlugin({ target: 'es2020', format: 'esm' })],
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      splitChunks: {
        chunks: 'async',
        // A shared module smaller than this stays in each widget chunk that uses it instead of becoming a file of
        // its own. With no floor, webpack made a file per combination of widgets sharing a helper (many of 200 B
        // to 1 KB): a content page fetched 21 files to start its islands. At 8 KB it fetches 7, for 0.6 KB more
        // Brotli; each request saved is work for the phone's browser and network stack while the page starts.
        minSize: 8192,
        cacheGroups: {
          // Preact and signals are shared by almost every widget: one cached file.
          preact: { test: /[\\/]node_modules[\\/](preact|@preact)[\\/]/, name: 'preact', priority: 20, enforce: true },
          default: { minChunks: 2, priority: -10, reuseExistingChunk: true },
          defaultVendors: false,
        },
      },
    },
    plugins: [
      // After minifying (which drops comments) and before the real content hash, so the names cover the hint.
      new BannerPlugin({
        banner: COMPILE_HINT,
        raw: true,
        entryOnly: false,
        test: ISLAND_CHUNK,
        stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING,
      }),
      // One compilation of the worker with the islands' precache list injected; Workbox is bundled into it.
      new InjectManifest({
        swSrc: path.join(WIDGETS_DIR, 'service-worker', 'sw.ts'),
        swDest: SERVICE_WORKER_TEMPLATE,
        include: [/\.js$/],
        exclude: [new RegExp(`^(?:${[...NOT_PRECACHED, ...LOADED_WITH_CONSENT].join('|')})\\.[0-9a-f]{8}\\.js$`)],
        // Chunk names carry a content hash: the URL is the revision.
        dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.js$/,
      }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
