// The write thread's entry (server/ingest/write-thread.ts starts it): loads TypeScript the way `npm start` does,
// as ES modules through tsx, then the thread's module. (tsx's CommonJS hook works too, but its module wrappers made
// the batch ~15 % slower, measured.)
import { register } from "tsx/esm/api";
import { workerData } from "node:worker_threads";

register();
await import(workerData.module);
