// One compression thread of compress.ts: compresses the files it is given and posts back its counts.
import { parentPort, workerData } from 'node:worker_threads';
import { compressFilesSync, type CompressionJob } from './compress-files';

parentPort?.postMessage(compressFilesSync((workerData as { jobs: CompressionJob[] }).jobs));
