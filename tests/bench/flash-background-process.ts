/**
 * The ordinary traffic of the flash-sale benchmark in a process of its own: its latencies are then the servers',
 * never delayed by the shoppers' client, whose event loop is busy with thousands of answers during the burst.
 * Started by `backgroundElsewhere` (flash-background.ts) with the servers' bases and the cart add's version.
 */
import { backgroundLoad, type BackgroundFigures } from './flash-background';

const [bases, commodityId, from] = [process.argv[2]!.split(','), process.argv[3]!, Number(process.argv[4] ?? 0)];
process.send!('ready');
// Measures from `from` (ms since the epoch): the burst's start second, which the process is started before.
setTimeout(
  () => {
    const load = backgroundLoad(bases, commodityId);
    process.once('message', () => {
      void load.stop().then((figures: BackgroundFigures) => process.send!(figures, () => process.exit(0)));
    });
  },
  Math.max(0, from - Date.now()),
);
